import { css, cx } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';

const group = css({ display: 'flex', gap: '1', flexWrap: 'wrap', border: 'none', p: 0, m: 0 });
const button = css({
  px: '2',
  py: '1',
  borderRadius: '4px',
  border: '1px solid token(colors.line)',
  bg: 'surface',
  cursor: 'pointer',
  fontSize: '13px',
  '&[aria-pressed=true]': { bg: 'first', color: 'first.on', borderColor: 'first' },
});

/**
 * Numbered views of one screen as pressed/unpressed buttons («۱. ارقام», «۲. تغییر…»): the
 * screen binds Digit1, Digit2 … to the same choices (each button says its key in
 * aria-keyshortcuts). A `role="group"` span, so that it may stand inside a paragraph (a page
 * header's) where a fieldset may not.
 */
export function ViewSwitch<V>({
  label,
  views,
  value,
  onChange,
  className,
}: {
  label: string;
  views: readonly { id: V; title: string }[];
  value: V;
  onChange(id: V): void;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: may stand inside a paragraph, where a fieldset may not go
    <span className={cx(group, className)} role="group" aria-label={label}>
      {views.map((v, i) => (
        <button
          key={v.title}
          type="button"
          className={button}
          aria-pressed={value === v.id}
          aria-keyshortcuts={String(i + 1)}
          onClick={() => onChange(v.id)}
        >
          {toPersianDigits(i + 1)}. {v.title}
        </button>
      ))}
    </span>
  );
}
