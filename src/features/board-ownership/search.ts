import { z } from 'zod';
import { INTERLOCK_KINDS, type InterlockKind } from '~/contract/board-ownership.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';

/** The interlocks screen's URL (imported by the route file: keep it small): the view, then the list's q and sort. */
export type InterlocksSearch = ListSearch & { view?: InterlockKind };

const list = listSearchSchema([]);
const view = z.enum(INTERLOCK_KINDS).optional().catch(undefined);

/** `validateSearch` of /person/board-interlocks: a malformed value is dropped, so a stale link still opens. */
export function interlocksSearch(raw: Record<string, unknown>): InterlocksSearch {
  const parsed = list.parse(raw);
  const v = view.parse(raw.view);
  return v ? { ...parsed, view: v } : parsed;
}
