import { css } from 'styled-system/css';
import type { Placeholder } from '~/domain/notifications/template.ts';

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '1', alignItems: 'center', border: 0, m: 0, p: 0 });
const legend = css({ fontSize: '13px', fontWeight: '500', mb: '1', p: 0 });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '24px',
  px: '2',
  borderRadius: '12px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  bg: 'surface',
  color: 'ink',
  fontSize: '12px',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  _focusVisible: { outline: '2px solid token(colors.fourth)', outlineOffset: '1px' },
});
const code = css({ direction: 'ltr', fontFamily: 'mono, monospace', color: 'muted', fontSize: '11px' });
const hint = css({ fontSize: '12px', color: 'muted', flexBasis: '100%' });

export interface PlaceholderChipsProps {
  placeholders: readonly Placeholder[];
  /** The group's name (default «جای‌نگه‌دارهای رویداد»). */
  legendText?: string;
  /** The template the chips write into (the one focused last), named for the hint; none: no hint. */
  target?: string;
  onInsert(name: string): void;
}

/**
 * Writes `{{name}}` into `text` at the caret (or over the selection) of `el`, the field showing
 * it, through `set`; then gives `el` the focus back with the caret after the placeholder.
 */
export function insertPlaceholder(
  el: HTMLInputElement | HTMLTextAreaElement | null,
  text: string,
  name: string,
  set: (next: string) => void,
) {
  const tag = `{{${name}}}`;
  const start = el?.selectionStart ?? text.length;
  const end = el?.selectionEnd ?? start;
  set(text.slice(0, start) + tag + text.slice(end));
  requestAnimationFrame(() => {
    el?.focus();
    el?.setSelectionRange(start + tag.length, start + tag.length);
  });
}

/**
 * The event's placeholders as buttons: each inserts `{{name}}` at the caret of the template
 * focused last (Tab reaches them, Enter or Space inserts, and the focus goes back to the template).
 */
export function PlaceholderChips({
  placeholders,
  legendText = 'جای‌نگه‌دارهای رویداد',
  target,
  onInsert,
}: PlaceholderChipsProps) {
  return (
    <fieldset className={row}>
      <legend className={legend}>{legendText}</legend>
      {placeholders.map((p) => (
        <button
          key={p.name}
          type="button"
          className={chip}
          aria-label={`درج ${p.label}`}
          title={`نمونه: ${p.sample}`}
          // keeps the caret where it is in the template a click would take the focus from
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(p.name)}
        >
          {p.label}
          <span className={code}>{`{{${p.name}}}`}</span>
        </button>
      ))}
      {target && <span className={hint}>در {target} درج می‌شود، همان جا که نشانگر است.</span>}
    </fieldset>
  );
}
