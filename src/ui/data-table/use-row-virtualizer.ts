import { elementScroll, observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import * as s from './styles.ts';

/**
 * The tallest body the grid gives the browser (px). Browsers cap an element's height (Chromium
 * near 33.5 million px, Firefox near 17.9 million), so a result taller than this (more than
 * about 235,000 rows) is drawn in a body of this height and the scroll position is scaled: the
 * scrollbar still spans the whole result and every row is reachable.
 */
export const MAX_BODY_PX = 8_000_000;

export interface RowVirtualizerOptions {
  scrollRef: RefObject<HTMLTableElement | null>;
  /** Rows in the whole result (placeholders stand in for those not held). */
  count: number;
  /** No answer yet: this many skeleton rows stand in. */
  skeletonRows: number | null;
  /** Told the first and last position the viewport shows, whenever they change. */
  onViewport(first: number, last: number): void;
}

const rowHeight = () => s.ROW_HEIGHT;

/**
 * The grid's rows, virtualized below the sticky header over the whole result: TanStack Virtual
 * with every row the same height. Past MAX_BODY_PX the virtualizer sees the scroll offset scaled
 * up (and scrolls to offsets scaled down), and `shift` says how far the rows drawn must move so
 * that they sit in the viewport.
 */
export function useRowVirtualizer({ scrollRef, count, skeletonRows, onViewport }: RowVirtualizerOptions) {
  const n = skeletonRows ?? count;
  const fullPx = n * s.ROW_HEIGHT;
  const bodyPx = Math.min(fullPx, MAX_BODY_PX);
  // ratio of the virtual scroll range to the real one (1 below the cap)
  const ratio = useRef(1);
  const viewport = scrollRef.current?.clientHeight ?? 600;
  ratio.current =
    fullPx > MAX_BODY_PX ? Math.max(1, (fullPx - viewport) / Math.max(1, bodyPx - viewport)) : 1;
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
  const virtualizer = useVirtualizer({
    count: n,
    getScrollElement,
    estimateSize: rowHeight,
    overscan: 12,
    // Rows start below the sticky header, and a row scrolled to must not hide under it.
    scrollMargin: s.HEADER_HEIGHT,
    scrollPaddingStart: s.HEADER_HEIGHT,
    getItemKey: useCallback((i: number) => i, []),
    observeElementOffset: useCallback(
      (instance: any, cb: (offset: number, isScrolling: boolean) => void) =>
        observeElementOffset(instance, (offset, scrolling) => cb(offset * ratio.current, scrolling)),
      [],
    ),
    scrollToFn: useCallback(
      (offset: number, options: any, instance: any) =>
        elementScroll(
          offset / ratio.current,
          { ...options, adjustments: (options.adjustments ?? 0) / ratio.current },
          instance,
        ),
      [],
    ),
  });
  const items = virtualizer.getVirtualItems();
  // Rows drawn at their virtual place, moved back by what the scaling added.
  const offset = virtualizer.scrollOffset ?? 0;
  const shift = ratio.current > 1 ? offset - offset / ratio.current : 0;

  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const report = useRef(onViewport);
  report.current = onViewport;
  useEffect(() => {
    if (skeletonRows === null) report.current(first, last);
  }, [first, last, skeletonRows]);

  return { virtualizer, items, bodyPx, shift };
}
