import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect } from 'react';
import * as s from './styles.ts';

export interface RowVirtualizerOptions {
  scrollRef: RefObject<HTMLTableElement | null>;
  /** The ids of the loaded rows, in order. */
  rowIds: readonly string[];
  /** No page yet: this many skeleton rows stand in. */
  skeletonRows: number | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

const rowHeight = () => s.ROW_HEIGHT;

/**
 * The grid's rows, virtualized below the sticky header (with three skeleton rows for the page
 * still to come), fetching further pages as the user nears the end of what is loaded.
 */
export function useRowVirtualizer({
  scrollRef,
  rowIds,
  skeletonRows,
  hasNextPage,
  isFetchingNextPage,
  isPlaceholderData,
  isFetchNextPageError,
  fetchNextPage,
}: RowVirtualizerOptions) {
  const count = skeletonRows ?? rowIds.length + (hasNextPage ? 3 : 0);
  // Stable between renders: the virtualizer rebuilds its measurements (one object per row, so
  // 100,000 with every page loaded) whenever the key function changes, which would be every
  // scrolled frame with an inline function.
  const getItemKey = useCallback((i: number) => rowIds[i] ?? `skeleton-${i}`, [rowIds]);
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement,
    estimateSize: rowHeight,
    overscan: 12,
    // Rows start below the sticky header, and a row scrolled to must not hide under it.
    scrollMargin: s.HEADER_HEIGHT,
    scrollPaddingStart: s.HEADER_HEIGHT,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();

  // Further pages as the user nears the end of what is loaded.
  const lastVisible = items.at(-1)?.index ?? 0;
  const loadedCount = rowIds.length;
  useEffect(() => {
    // After a failed page, wait for R rather than asking again on every scroll.
    if (isFetchNextPageError) return;
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData && lastVisible >= loadedCount - 15)
      void fetchNextPage();
  }, [
    lastVisible,
    loadedCount,
    hasNextPage,
    isFetchingNextPage,
    isPlaceholderData,
    fetchNextPage,
    isFetchNextPageError,
  ]);

  return { virtualizer, items };
}
