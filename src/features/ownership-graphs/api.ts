import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OwnershipGraphAnswer } from '~/contract/ownership.ts';
import { api } from '~/lib/http.ts';
import { type OwnershipSearch, ownershipApiQuery } from '~/lib/ownership-search.ts';

export type GraphDirection = 'up' | 'down';

/**
 * GET /api/ownership/graph/:id: the subgraph around a company (contract/ownership.ts). `open`:
 * node key → links shown; null lets the server open the first levels.
 */
export const graphQuery = (
  id: number,
  direction: GraphDirection,
  search: OwnershipSearch & { ended?: boolean },
  open: ReadonlyMap<string, number> | null,
) =>
  queryOptions({
    queryKey: [
      'ownership',
      'graph',
      id,
      direction,
      search.as_of ?? null,
      search.threshold ?? null,
      search.ended ?? false,
      open ? [...open].map(([k, n]) => `${k}:${n}`).join(',') : null,
    ],
    queryFn: ({ signal }) =>
      api<OwnershipGraphAnswer>(`/api/ownership/graph/${id}`, {
        signal,
        quiet: true,
        query: {
          direction,
          ...ownershipApiQuery(search),
          include_ended: search.ended ? 1 : undefined,
          open: open?.size ? [...open].map(([k, n]) => `${k}:${n}`).join(',') : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
