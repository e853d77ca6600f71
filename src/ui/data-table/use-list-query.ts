import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nextPageParam, PAGE_SIZE, toListParams } from './search-params.ts';
import type { ListPage, ListParams, ListQuery, PageParam } from './types.ts';

/** Fetches one page; `signal` aborts it when the view changes before it answers. */
export type FetchPage<T> = (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;

const NO_ROWS: never[] = [];

/**
 * Rows per further page read by keyset cursor: the first page stays small (the first paint),
 * the pages a user scrolls into are bigger (a keyset page costs the server about the same at 50
 * or 500 rows, and only the rows near the viewport are rendered), so reading deep into a list
 * of 100,000 takes 200 requests rather than 2,000. Offset pages keep `perPage`: their numbering
 * depends on it.
 */
export const DEEP_PAGE_SIZE = 500;

/**
 * One list view as an infinite query: pages are fetched as the user scrolls and flattened into
 * one row array (stable between renders, as TanStack Table wants its data). Changing the
 * query (sort, filters, q) starts a new cache entry; the previous rows stay on screen until the
 * new first page arrives, so the table never blanks.
 */
export function useListQuery<T>(
  key: readonly unknown[],
  query: ListQuery,
  fetchPage: FetchPage<T>,
  perPage = PAGE_SIZE,
) {
  const result = useInfiniteQuery<
    ListPage<T>,
    Error,
    InfiniteData<ListPage<T>, PageParam>,
    unknown[],
    PageParam
  >({
    queryKey: [...key, 'list', query, perPage],
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        toListParams(query, pageParam, pageParam.cursor ? Math.max(perPage, DEEP_PAGE_SIZE) : perPage),
        signal,
      ),
    initialPageParam: { page: 1 },
    getNextPageParam: (last) => nextPageParam(last),
    placeholderData: keepPreviousData,
    // A list with many loaded pages would refetch each of them on refocus: keep it calm.
    refetchOnWindowFocus: false,
    // Each further page would otherwise be compared, deeply, with every page already loaded
    // (structural sharing walks the whole result): quadratic work while reading a long list.
    // Loaded pages keep their identity anyway; only the new page is new.
    structuralSharing: false,
  });
  const pages = result.data?.pages;
  const rows = useMemo(() => (pages ? pages.flatMap((p) => p.data) : (NO_ROWS as T[])), [pages]);
  const total = pages?.[0]?.total;
  return { ...result, rows, total };
}
