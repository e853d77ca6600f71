import { css, cva, cx } from 'styled-system/css';
import { shortcutKeys } from './shortcuts.ts';

const cap = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minW: '18px',
    h: '18px',
    px: '1',
    borderRadius: '3px',
    borderWidth: '1px',
    borderStyle: 'solid',
    fontFamily: 'body',
    fontSize: '11px',
    lineHeight: '1',
    fontWeight: '500',
  },
  variants: {
    tone: {
      plain: { bg: 'surface', color: 'muted', borderColor: 'line.strong' },
      onDark: { bg: 'transparent', color: 'inherit', borderColor: 'currentColor' },
    },
  },
  defaultVariants: { tone: 'plain' },
});

const row = css({ display: 'inline-flex', alignItems: 'center', gap: '1', flexShrink: 0 });
const sequence = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexShrink: 0 });

export interface KbdProps {
  /** A physical-key binding (`$mod+KeyK`, `KeyG KeyL`). */
  binding: string;
  tone?: 'plain' | 'onDark';
  className?: string;
}

/**
 * Key caps for a shortcut, laid out left to right as keys read on every keyboard; the presses
 * of a sequence stand a little apart. Hidden from screen readers: pair it with
 * `aria-keyshortcuts` on the control.
 */
export function Kbd({ binding, tone, className }: KbdProps) {
  const presses = shortcutKeys(binding);
  return (
    <span dir="ltr" aria-hidden="true" className={cx(sequence, className)}>
      {presses.map((press, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a press has no identity beyond its place in the sequence
        <span key={i} className={row}>
          {press.map((k) => (
            <kbd key={k} className={cap({ tone })}>
              {k}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  );
}
