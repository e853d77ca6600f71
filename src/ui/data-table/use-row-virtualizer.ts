import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect } from 'react';
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
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => s.ROW_HEIGHT,
    overscan: 12,
    // Rows start below the sticky header, and a row scrolled to must not hide under it.
    scrollMargin: s.HEADER_HEIGHT,
    scrollPaddingStart: s.HEADER_HEIGHT,
    getItemKey: (i) => rowIds[i] ?? `skeleton-${i}`,
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
