import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { css } from 'styled-system/css';
import { Icon } from './icons.tsx';
import { TOAST_DURATION_MS, type ToastNote } from './toast-note.ts';

/**
 * The rendering half of the notifications: Ark UI's toaster and its toasts. It is a chunk of its
 * own, loaded by `toaster.tsx` with the first notification, so a screen that never notifies (the
 * sign-in page, usually) does not load Ark's toast machinery.
 */

/** The one Ark UI toaster store of the app; only `showToast` and `ToasterView` use it. */
// Bottom-left in right-to-left: away from the menu, near where the eye ends a line.
export const toaster = createToaster({
  placement: 'bottom-start',
  duration: TOAST_DURATION_MS,
  gap: 8,
  max: 5,
  overlap: false,
});

/** Shows one notification (called by `toast` in toaster.tsx, in the order they were asked for). */
export function showToast(note: ToastNote) {
  toaster.create({ type: note.type, title: note.title, description: note.description });
}

const root = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  w: 'min(380px, calc(100vw - 32px))',
  py: '2.5',
  paddingInlineStart: '3',
  paddingInlineEnd: '2',
  bg: 'surface',
  color: 'ink',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderInlineStartWidth: '4px',
  borderRadius: '6px',
  fontSize: '13px',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 300ms, scale 300ms, opacity 300ms, height 300ms',
  '&[data-type=error]': { borderInlineStartColor: 'danger' },
  '&[data-type=success]': { borderInlineStartColor: 'success' },
  '&[data-type=info]': { borderInlineStartColor: 'first' },
});
const text = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '0.5' });
const titleCss = css({ fontWeight: '600' });
const close = css({
  display: 'inline-flex',
  p: '1',
  borderRadius: '4px',
  color: 'muted',
  cursor: 'pointer',
  _hover: { bg: 'subtle', color: 'ink' },
});
const mark = css({ flexShrink: 0, mt: '0.5' });

const ICON = { error: 'alert', success: 'check', info: 'help' } as const;
const COLOR = {
  error: 'var(--colors-danger)',
  success: 'var(--colors-success)',
  info: 'var(--colors-first)',
};

/** Renders the toasts; mounted by `Toaster` once the first notification is asked for. */
export default function ToasterView() {
  return (
    <ArkToaster toaster={toaster} dir="rtl">
      {(t) => {
        const type = (t.type ?? 'info') as keyof typeof ICON;
        return (
          <Toast.Root key={t.id} className={root} role={type === 'error' ? 'alert' : 'status'}>
            <Icon name={ICON[type] ?? 'help'} className={mark} style={{ color: COLOR[type] }} />
            <div className={text}>
              {t.title && <Toast.Title className={titleCss}>{t.title}</Toast.Title>}
              {t.description && <Toast.Description>{t.description}</Toast.Description>}
            </div>
            <Toast.CloseTrigger className={close} aria-label="بستن اعلان">
              <Icon name="close" size={14} />
            </Toast.CloseTrigger>
          </Toast.Root>
        );
      }}
    </ArkToaster>
  );
}
