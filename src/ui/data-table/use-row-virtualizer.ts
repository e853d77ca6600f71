import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as s from './styles.ts';

/**
 * The tallest body the grid gives the browser (px). Browsers cap an element's height (Chromium
 * near 33.5 million px, Firefox near 17.9 million), so a result taller than this (more than
 * about 235,000 rows) is drawn in a body of this height and the scroll position is scaled: the
 * scrollbar still spans the whole result and every row is reachable.
 */
export const MAX_BODY_PX = 8_000_000;
/**
 * Rows drawn beyond each edge of the viewport: enough for two frames of a fast wheel (90 px a
 * frame) before a row is drawn. Every row drawn is paint the browser lays into layers on each
 * scrolled frame whether it changed or not: 12 each side missed 39% of frames in the middle of
 * the 100,000-row list here, 5 each side 14% (issue 15, Debian's Chromium here).
 */
export const OVERSCAN = 5;

export interface RowVirtualizerOptions {
  scrollRef: RefObject<HTMLTableElement | null>;
  /** Rows in the whole result (placeholders stand in for those not held). */
  count: number;
  /** No answer yet: this many skeleton rows stand in. */
  skeletonRows: number | null;
  /** Told the first and last position the viewport shows, whenever they change. */
  onViewport(first: number, last: number): void;
}

/** One row to draw: its position in the result, its offset in the body (px) and its slot. */
export interface WindowItem {
  index: number;
  top: number;
  /**
   * The element that draws it, reused as the window moves: position modulo the window's length,
   * so the row that leaves one edge gives its element to the row that enters the other.
   */
  slot: number;
}

/**
 * The geometry of the window: which rows the viewport shows at a scroll offset, where each is
 * drawn, and the offset that brings a row into view. Every row is ROW_HEIGHT high, so this is
 * arithmetic, and memory does not grow with the rows scrolled past (a virtualizer that keeps a
 * measurement per row held 100,000 of them after a scroll to the bottom: the JS heap grew
 * 2.6-fold). `scrollTop` is the element's, `virtualTop` where that is in the whole result.
 */
export function windowGeometry(count: number, viewport: number) {
  const row = s.ROW_HEIGHT;
  const fullPx = count * row;
  const bodyPx = Math.min(fullPx, MAX_BODY_PX);
  const rowsView = Math.max(row, viewport - s.HEADER_HEIGHT);
  const ratio = fullPx > MAX_BODY_PX ? Math.max(1, (fullPx - rowsView) / Math.max(1, bodyPx - rowsView)) : 1;
  return {
    bodyPx,
    ratio,
    /** Rows drawn (the window's length): every row the viewport can show, and OVERSCAN each side. */
    span: Math.ceil(rowsView / row) + 1 + 2 * OVERSCAN,
    /** The positions shown at `scrollTop` (first, last), before overscan. */
    shown(scrollTop: number): [number, number] {
      const top = scrollTop * ratio;
      const first = Math.min(Math.max(0, count - 1), Math.floor(top / row));
      const last = Math.min(count - 1, Math.floor((top + rowsView - 1) / row));
      return [first, Math.max(first, last)];
    },
    /** How far the drawn rows move up at `scrollTop` (0 unless scaled). */
    shift: (scrollTop: number) => scrollTop * ratio - scrollTop,
    /** The scroll offset that shows row `index` (`auto`: the least move; `center`). */
    offsetFor(index: number, align: 'auto' | 'center', scrollTop: number): number {
      const top = index * row;
      const current = scrollTop * ratio;
      let target = current;
      if (align === 'center') target = top - (rowsView - row) / 2;
      else if (top < current) target = top;
      else if (top + row > current + rowsView) target = top + row - rowsView;
      return Math.max(0, target / ratio);
    },
  };
}

/** The first position drawn: OVERSCAN above the first shown, the window kept whole at the end. */
const windowStart = (first: number, count: number, span: number) =>
  Math.max(0, Math.min(first - OVERSCAN, count - span));

/**
 * The rows to draw with `first` the first shown: a window of `span` rows (fewer in a shorter
 * result), in slot order. Each row's slot is its position modulo `span`, so scrolling by a row
 * gives the element of the row that left to the row that came in and the others keep theirs: a
 * scrolled frame updates one row's cells in place, neither creating elements (a new row costs
 * about three times an updated one in style and layout, measured here) nor moving any in the DOM.
 */
export function windowItems(first: number, count: number, span: number): WindowItem[] {
  const out: WindowItem[] = [];
  const from = windowStart(first, count, span);
  const to = Math.min(count - 1, from + span - 1);
  for (let i = from; i <= to; i++) out.push({ index: i, top: i * s.ROW_HEIGHT, slot: i % span });
  return out.sort((a, b) => a.slot - b.slot);
}

/**
 * The grid's rows, windowed below the sticky header over the whole result (with `skeletonRows`
 * standing in before the first answer). Renders again only when the rows shown change (or, in a
 * scaled body, when it scrolls), and tells the list the positions shown so it reads their blocks.
 */
export function useRowVirtualizer({ scrollRef, count, skeletonRows, onViewport }: RowVirtualizerOptions) {
  const n = skeletonRows ?? count;
  const [viewport, setViewport] = useState(600);
  const [scrollTop, setScrollTop] = useState(0);
  const geometry = useMemo(() => windowGeometry(n, viewport), [n, viewport]);
  const geo = useRef(geometry);
  geo.current = geometry;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || 600);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // What to render again for: the rows shown (their first position), or every move when scaled.
    let last = -1;
    const onScroll = () => {
      const g = geo.current;
      const key = g.ratio > 1 ? el.scrollTop : g.shown(el.scrollTop)[0];
      if (key === last) return;
      last = key;
      setScrollTop(el.scrollTop);
    };
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef]);

  const first = n > 0 ? geometry.shown(scrollTop)[0] : 0;
  const { span } = geometry;
  const items = useMemo(() => windowItems(first, n, span), [first, n, span]);
  const shift = geometry.shift(scrollTop);

  const report = useRef(onViewport);
  report.current = onViewport;
  const lo = windowStart(first, n, span);
  const hi = n > 0 ? Math.min(n - 1, lo + span - 1) : 0;
  useEffect(() => {
    if (skeletonRows === null) report.current(lo, hi);
  }, [lo, hi, skeletonRows]);

  /** Scrolls so that row `index` shows. */
  const scrollToIndex = useCallback(
    (index: number, opts: { align: 'auto' | 'center' }) => {
      const el = scrollRef.current;
      if (!el) return;
      const top = geo.current.offsetFor(index, opts.align, el.scrollTop);
      el.scrollTop = top;
      setScrollTop(el.scrollTop);
    },
    [scrollRef],
  );

  return { items, bodyPx: geometry.bodyPx, shift, scrollToIndex };
}
