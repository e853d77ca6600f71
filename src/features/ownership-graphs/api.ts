import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InterlocksAmongAnswer } from '~/contract/board-ownership.ts';
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
    queryKey: graphKey('graph', id, direction, search, open),
    queryFn: ({ signal }) =>
      api<OwnershipGraphAnswer>(`/api/ownership/graph/${id}`, {
        signal,
        quiet: true,
        query: graphParams(direction, search, open),
      }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/ownership/graph/:id/interlocks: the interlocks among the companies of the same graph
 * (same parameters), for a role that may view legal persons.
 */
export const graphInterlocksQuery = (
  id: number,
  direction: GraphDirection,
  search: OwnershipSearch & { ended?: boolean },
  open: ReadonlyMap<string, number> | null,
) =>
  queryOptions({
    queryKey: graphKey('graph-interlocks', id, direction, search, open),
    queryFn: ({ signal }) =>
      api<InterlocksAmongAnswer>(`/api/ownership/graph/${id}/interlocks`, {
        signal,
        quiet: true,
        query: graphParams(direction, search, open),
      }),
    placeholderData: keepPreviousData,
  });

const openParam = (open: ReadonlyMap<string, number> | null) =>
  open?.size ? [...open].map(([k, n]) => `${k}:${n}`).join(',') : undefined;

const graphParams = (
  direction: GraphDirection,
  search: OwnershipSearch & { ended?: boolean },
  open: ReadonlyMap<string, number> | null,
) => ({
  direction,
  ...ownershipApiQuery(search),
  include_ended: search.ended ? 1 : undefined,
  open: openParam(open),
});

const graphKey = (
  what: string,
  id: number,
  direction: GraphDirection,
  search: OwnershipSearch & { ended?: boolean },
  open: ReadonlyMap<string, number> | null,
) =>
  [
    'ownership',
    what,
    id,
    direction,
    search.as_of ?? null,
    search.threshold ?? null,
    search.ended ?? false,
    openParam(open) ?? null,
  ] as const;
