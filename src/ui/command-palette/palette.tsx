import { Command } from 'cmdk';
import type { KeyboardEvent, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Dialog } from '../dialog.tsx';
import { Icon, type IconName } from '../icons.tsx';
import { Kbd } from '../kbd.tsx';

/**
 * The command palette's look: cmdk primitives in the app's Dialog, styled through their
 * `[cmdk-*]` attributes. Filtering and ordering are the caller's (`shouldFilter` is off) so
 * that results from the server and local commands rank together; see filter.ts.
 */

const root = css({
  display: 'flex',
  flexDirection: 'column',
  '& [data-palette-bar]': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    paddingInlineStart: '4',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
  },
  '& [cmdk-input]': {
    flex: '1',
    minW: '0',
    h: '48px',
    paddingInlineEnd: '4',
    border: 'none',
    bg: 'transparent',
    fontSize: '15px',
    color: 'ink',
    outline: 'none',
    borderTopRadius: '8px',
    _placeholder: { color: 'muted' },
  },
  '& [cmdk-list]': {
    maxH: 'min(60vh, 440px)',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    p: '2',
  },
  '& [cmdk-group-heading]': {
    px: '2',
    pt: '2',
    pb: '1',
    fontSize: '12px',
    fontWeight: '600',
    color: 'muted',
  },
  '& [cmdk-item]': {
    display: 'flex',
    position: 'relative',
    alignItems: 'center',
    gap: '2',
    minH: '36px',
    px: '2',
    borderRadius: '4px',
    cursor: 'pointer',
    fontSize: '14px',
    color: 'ink',
    userSelect: 'none',
  },
  '& [cmdk-item][data-selected=true]': { bg: 'first.soft', color: 'first.text' },
  '& [cmdk-item][data-selected=true]::before': {
    content: '""',
    position: 'absolute',
    insetInlineStart: '0',
    top: '1.5',
    bottom: '1.5',
    w: '3px',
    borderRadius: '2px',
    bg: 'first',
  },
  '& [cmdk-item][data-disabled=true]': { color: 'muted', cursor: 'not-allowed' },
  '& [cmdk-item] [data-enter-page]': {
    display: 'none',
    alignItems: 'center',
    gap: '1',
    fontSize: '12px',
    color: 'muted',
  },
  '& [cmdk-item][data-selected=true] [data-enter-page]': { display: 'inline-flex', color: 'first.text' },
  '& [cmdk-empty], & [cmdk-loading]': { px: '2', py: '4', fontSize: '13px', color: 'muted' },
});
const footerCss = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '4',
  px: '4',
  py: '2',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
  fontSize: '12px',
  color: 'muted',
  '& > span': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
});

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The accessible name of the dialog and of the list. */
  label: string;
  placeholder: string;
  search: string;
  onSearchChange(search: string): void;
  /** The highlighted item's value (controlled, so the caller can keep the first result highlighted). */
  value: string;
  onValueChange(value: string): void;
  children: ReactNode;
  /** Hints under the list (keys that act on the highlighted item). */
  footer?: ReactNode;
  /** Shown before the input, in the same bar: the breadcrumb chips of the pages pushed. */
  inputPrefix?: ReactNode;
  /** Keys on the palette before cmdk's own (preventDefault to keep cmdk from acting). */
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>): void;
}

/** The palette shell: input, list, footer, in a dialog that Esc closes. */
export function CommandPalette({
  open,
  onOpenChange,
  label,
  placeholder,
  search,
  onSearchChange,
  value,
  onValueChange,
  children,
  footer,
  inputPrefix,
  onKeyDown,
}: CommandPaletteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={label} hideTitle bare size="lg">
      <Command
        label={label}
        shouldFilter={false}
        loop
        vimBindings={false}
        value={value}
        onValueChange={onValueChange}
        className={root}
        onKeyDown={onKeyDown}
      >
        <div data-palette-bar="">
          {inputPrefix}
          <Command.Input value={search} onValueChange={onSearchChange} placeholder={placeholder} autoFocus />
        </div>
        <Command.List label={label}>{children}</Command.List>
        {footer && <div className={footerCss}>{footer}</div>}
      </Command>
    </Dialog>
  );
}

export const PaletteGroup = Command.Group;
export const PaletteEmpty = Command.Empty;

const itemTitle = css({
  flex: '1',
  minW: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const itemHint = css({
  fontSize: '12px',
  color: 'muted',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxW: '40%',
});
const itemIcon = css({ color: 'muted', flexShrink: 0 });

export interface PaletteItemProps {
  /** Unique value (cmdk highlights by it). */
  value: string;
  title: string;
  hint?: string;
  /** Hint text that reads left to right (paths, codes). */
  hintLtr?: boolean;
  icon?: IconName;
  shortcut?: string;
  disabled?: boolean;
  /** The item has a page of its own (an entity's actions): shows the key that opens it. */
  pageKey?: string;
  onSelect(): void;
}

/** One row: icon, title, a muted hint, its shortcut. */
export function PaletteItem({
  value,
  title,
  hint,
  hintLtr,
  icon,
  shortcut,
  disabled,
  pageKey,
  onSelect,
}: PaletteItemProps) {
  return (
    <Command.Item value={value} onSelect={onSelect} disabled={disabled}>
      {icon && <Icon name={icon} className={itemIcon} />}
      <span className={itemTitle}>{title}</span>
      {hint && (
        <span className={itemHint} dir={hintLtr ? 'ltr' : undefined}>
          {hint}
        </span>
      )}
      {shortcut && <Kbd binding={shortcut} />}
      {pageKey && (
        <span data-enter-page="" aria-hidden>
          <Kbd binding={pageKey} />
          کارها
        </span>
      )}
    </Command.Item>
  );
}

const chipCss = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  flexShrink: 0,
  maxW: '45%',
  h: '26px',
  px: '2',
  borderRadius: '4px',
  bg: 'first.soft',
  color: 'first.text',
  fontSize: '13px',
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** A breadcrumb chip in the input bar: the entity whose page is open. */
export function PaletteChip({ icon, children }: { icon?: IconName; children: ReactNode }) {
  return (
    <span className={chipCss} data-palette-chip="">
      {icon && <Icon name={icon} />}
      <span>{children}</span>
    </span>
  );
}

/** A quiet row while results are on their way. */
export function PaletteLoading({ children }: { children: ReactNode }) {
  return (
    <Command.Loading>
      <span className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2' }))}>{children}</span>
    </Command.Loading>
  );
}
