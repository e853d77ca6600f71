import { useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LabelChip } from '~/contract/labels.ts';
import { EMPTY, formatNumber } from '~/ui/format.ts';

// The chips fill their cell's width (a grid row's cell is stretched to the row's height).
const list = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  w: '100%',
  h: '100%',
  minWidth: 0,
  overflow: 'hidden',
  // Chips there is no room for: not drawn, still read by screen readers.
  '& [data-over]': { position: 'absolute', clipPath: 'inset(50%)', pointerEvents: 'none' },
  // The only chip shown, when even it has no room: cut with an ellipsis, never at the edge.
  '& > [data-label-chip]:first-child': { flexShrink: 1, minWidth: 0 },
});
const more = css({
  flexShrink: 0,
  fontSize: '12px',
  color: 'muted',
  fontVariantNumeric: 'tabular-nums',
  '&[hidden]': { display: 'none' },
});
// A block of one line (not a flex box), so that a name cut short ends in an ellipsis.
const chip = css({
  display: 'inline-block',
  verticalAlign: 'middle',
  h: '20px',
  px: '2',
  borderRadius: '10px',
  fontSize: '12px',
  fontWeight: '500',
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  flexShrink: 0,
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
export function Chip({ label, over }: { label: Pick<LabelChip, 'name' | 'color'>; over?: boolean }) {
  return (
    <span
      className={chip}
      style={{ backgroundColor: label.color, color: textOn(label.color) }}
      data-label-chip=""
      data-over={over ? '' : undefined}
    >
      {label.name}
    </span>
  );
}

/**
 * How many of `widths` (px, in order) fit whole in `room` px with `gap` between them, keeping
 * room for the count of the rest (`moreWidth`) when some are left out; at least one (cut with an
 * ellipsis when even it has no room).
 */
export function chipsThatFit(
  widths: readonly number[],
  room: number,
  gap: number,
  moreWidth: number,
): number {
  let used = 0;
  for (let k = 0; k < widths.length; k++) {
    used += (k > 0 ? gap : 0) + widths[k]!;
    const last = k === widths.length - 1;
    if (used + (last ? 0 : gap + moreWidth) > room) return Math.max(1, k);
  }
  return widths.length;
}

/**
 * A row's labels as chips (a dash when none): those with room whole, then how many more there
 * are ("+۲"); never a chip cut at the cell's edge. The full list in the tooltip, and every name
 * in the text screen readers read.
 */
export function LabelChips({ labels }: { labels: readonly LabelChip[] | undefined }) {
  const box = useRef<HTMLSpanElement>(null);
  const count = labels?.length ?? 0;
  const [shown, setShown] = useState(count);
  const names = labels?.map((l) => l.name).join('، ') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chips' widths change with their names
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || count < 2) return setShown(count);
    const measure = () => {
      const widths = [...el.querySelectorAll<HTMLElement>('[data-label-chip]')].map((c) => c.scrollWidth);
      const rest = el.querySelector<HTMLElement>('[data-label-more]');
      const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
      setShown(chipsThatFit(widths, el.clientWidth, gap, rest?.scrollWidth || 24));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [count, names]);
  if (!labels?.length) return <>{EMPTY}</>;
  return (
    <span ref={box} className={list} title={names}>
      {labels.map((l, i) => (
        <Chip key={l.id} label={l} over={i >= shown} />
      ))}
      <span className={more} data-label-more="" aria-hidden="true" hidden={shown >= count}>
        +{formatNumber(count - Math.min(shown, count))}
      </span>
    </span>
  );
}
