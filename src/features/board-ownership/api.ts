import { queryOptions } from '@tanstack/react-query';
import type { BoardEntitlement, InterlockKind, InterlockRow } from '~/contract/board-ownership.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/**
 * The calls of boards tied to ownership (contract/board-ownership.ts). Quiet: the section and
 * the list show a failed load in place.
 */

export const boardOwnershipKeys = {
  entitlement: (id: number) => ['board-ownership', 'entitlement', id] as const,
  touching: (id: number, kind: InterlockKind) => ['board-ownership', 'touching', id, kind] as const,
  list: (kind: InterlockKind) => ['board-ownership', 'interlocks', kind] as const,
};

/** GET /api/ownership/legal-persons/:id/board-entitlement (today, threshold 50%). */
export const entitlementQuery = (id: number) =>
  queryOptions({
    queryKey: boardOwnershipKeys.entitlement(id),
    queryFn: ({ signal }) =>
      api<BoardEntitlement>(`/api/ownership/legal-persons/${id}/board-entitlement`, { signal, quiet: true }),
  });

/** GET /api/ownership/interlocks?kind=&company_id=: the interlocks of one kind touching a company (all of them). */
export const touchingQuery = (id: number, kind: InterlockKind) =>
  queryOptions({
    queryKey: boardOwnershipKeys.touching(id, kind),
    queryFn: ({ signal }) =>
      api<ListPage<InterlockRow>>('/api/ownership/interlocks', {
        query: { kind, company_id: id, per_page: 500 },
        signal,
        quiet: true,
      }),
  });

/** GET /api/ownership/interlocks: one page of the portfolio's interlocks of `kind` (the list's fetchPage). */
export const fetchInterlocks = (kind: InterlockKind) => (params: ListParams, signal: AbortSignal) =>
  api<ListPage<InterlockRow>>('/api/ownership/interlocks', {
    query: { ...toRequestQuery(params), kind },
    signal,
    quiet: true,
  });
