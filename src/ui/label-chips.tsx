import { css } from 'styled-system/css';
import type { LabelChip } from '~/contract/labels.ts';
import { EMPTY } from '~/ui/format.ts';

const list = css({ display: 'inline-flex', gap: '1', minWidth: 0, overflow: 'hidden' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '20px',
  px: '2',
  borderRadius: '10px',
  fontSize: '12px',
  fontWeight: '500',
  lineHeight: '1',
  whiteSpace: 'nowrap',
  color: 'white',
});

/**
 * Relative luminance of `#rrggbb` (WCAG 2), to pick white or near-black text on the chip.
 * Answers 0 for anything else.
 */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 0;
  const [r, g, b] = m.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Text colour with the better contrast on `hex`. */
export const textOn = (hex: string) => (luminance(hex) > 0.179 ? '#1a1a1a' : '#ffffff');

/** One label as a coloured chip. */
export function Chip({ label }: { label: Pick<LabelChip, 'name' | 'color'> }) {
  return (
    <span
      className={chip}
      style={{ backgroundColor: label.color, color: textOn(label.color) }}
      data-label-chip=""
    >
      {label.name}
    </span>
  );
}

/** A row's labels as chips (a dash when none); the full list in the tooltip. */
export function LabelChips({ labels }: { labels: readonly LabelChip[] | undefined }) {
  if (!labels?.length) return <>{EMPTY}</>;
  return (
    <span className={list} title={labels.map((l) => l.name).join('، ')}>
      {labels.map((l) => (
        <Chip key={l.id} label={l} />
      ))}
    </span>
  );
}
