import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { css, cva, cx } from 'styled-system/css';
import { lastFocusOutsideDialogs } from './focus-memory.ts';
import { Icon } from './icons.tsx';

/** The specification's dialog transition. */
export const DIALOG_TRANSITION_MS = 300;

const backdrop = css({
  position: 'fixed',
  inset: '0',
  bg: 'rgba(20, 16, 14, 0.45)',
  zIndex: 40,
  '&[data-state=open]': { animation: 'fadeIn 300ms ease-out' },
  '&[data-state=closed]': { animation: 'fadeOut 300ms ease-in' },
});
const positioner = css({
  position: 'fixed',
  inset: '0',
  zIndex: 41,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  pt: '12vh',
  px: '4',
  overflowY: 'auto',
});
const content = cva({
  base: {
    position: 'relative',
    w: '100%',
    bg: 'surface',
    color: 'ink',
    borderRadius: '8px',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line',
    outline: 'none',
    '&[data-state=open]': { animation: 'popIn 300ms ease-out' },
    '&[data-state=closed]': { animation: 'popOut 300ms ease-in' },
  },
  variants: {
    size: { sm: { maxW: '400px' }, md: { maxW: '560px' }, lg: { maxW: '760px' } },
    padded: { true: { p: '5' } },
  },
  defaultVariants: { size: 'md', padded: true },
});
const titleCss = css({ fontSize: '16px', fontWeight: '600', m: '0', paddingInlineEnd: '8' });
const hiddenTitle = css({ srOnly: true });
const descriptionCss = css({ mt: '1', color: 'muted', fontSize: '13px' });
const footerCss = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '5' });
const closeCss = css({
  position: 'absolute',
  top: '3',
  insetInlineEnd: '3',
  display: 'inline-flex',
  p: '1',
  borderRadius: '4px',
  color: 'muted',
  cursor: 'pointer',
  _hover: { bg: 'subtle', color: 'ink' },
});

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Visually hidden title (still announced): for the palette and similar. */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, on the inline-end side. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Drop the content padding (the palette lays out its own). */
  bare?: boolean;
  /** `alertdialog` for confirmations and refusals. */
  role?: 'dialog' | 'alertdialog';
  /** Closed by Esc, a click outside and the × button (default true). False: only by its own buttons. */
  dismissible?: boolean;
  /** The element to focus when it opens (default: the first focusable one). */
  initialFocus?: () => HTMLElement | null;
  /** Where the focus goes when it closes, when not back where it was (null: back where it was). */
  finalFocus?: () => HTMLElement | null;
  className?: string;
}

const usable = (el: Element | null) =>
  el instanceof HTMLElement && el.isConnected && el !== document.body && !el.closest('[inert]') ? el : null;

/**
 * A modal dialog (Ark UI): focus is trapped inside and, on close, returns to the element that
 * had it when the dialog opened (the grid a key opened it from, the button clicked); Esc closes
 * it unless `dismissible` is false. Rendered in a portal, mounted only while open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  footer,
  size,
  bare,
  role = 'dialog',
  dismissible = true,
  initialFocus,
  finalFocus,
  className,
}: DialogProps) {
  // Where the focus was as it opened, read while rendering the change (before a field's autoFocus
  // moves it: Ark's focus trap starts after that, so by itself it would return the focus to the
  // field, gone by then, and leave it on the page's body).
  const [opener, setOpener] = useState<Element | null>(() => (open ? document.activeElement : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement);
  }
  // Back where it was; when that element is gone, to the last one outside every dialog (the
  // palette's placeholder, shown while its code loads, holds the focus when the palette opens).
  const returnFocus = () =>
    usable(finalFocus?.() ?? null) ?? usable(opener) ?? usable(lastFocusOutsideDialogs());
  // Closing, it lets go of the focus at once (inert alone would only move it at the next frame),
  // so keys typed during the exit animation reach the page (J on the list the palette just
  // opened), not an input that is going away. The focus then returns where Ark sends it.
  const contentRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (!open && focused instanceof HTMLElement && contentRef.current?.contains(focused)) focused.blur();
  }, [open]);
  return (
    <Ark.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      role={role}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      initialFocusEl={initialFocus}
      finalFocusEl={returnFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Ark.Backdrop className={backdrop} />
        {/* Closing, it stays on screen for its exit animation, inert (no pointer, no Tab). */}
        <Ark.Positioner className={positioner} dir="rtl" inert={!open}>
          <Ark.Content ref={contentRef} className={cx(content({ size, padded: !bare }), className)}>
            <Ark.Title className={hideTitle ? hiddenTitle : titleCss}>{title}</Ark.Title>
            {description && <Ark.Description className={descriptionCss}>{description}</Ark.Description>}
            {children}
            {footer && <div className={footerCss}>{footer}</div>}
            {dismissible && !bare && (
              <Ark.CloseTrigger className={closeCss} aria-label="بستن">
                <Icon name="close" />
              </Ark.CloseTrigger>
            )}
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}
