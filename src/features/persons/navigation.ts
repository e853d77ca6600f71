import type { ListSearch } from '~/ui/data-table/types.ts';

/**
 * Where "back" leads from a record: the list view (search, sort, filters) the user opened it
 * from. Kept in memory for the tab's life; a fresh tab goes back to the plain list.
 */
type ListName = 'legal' | 'true';

const lastSearch: Partial<Record<ListName, ListSearch>> = {};
/** The record last opened from a list, so back can pop history instead of pushing the list again. */
let openedFromList: { list: ListName; id: number } | null = null;

export function rememberListSearch(list: ListName, search: ListSearch): void {
  lastSearch[list] = search;
}

export function listSearchFor(list: ListName): ListSearch {
  return lastSearch[list] ?? {};
}

export function markOpenedFromList(list: ListName, id: number): void {
  openedFromList = { list, id };
}

/** True (once) when the record `id` was opened from `list`, so history.back() returns there. */
export function takeOpenedFromList(list: ListName, id: number): boolean {
  const hit = openedFromList?.list === list && openedFromList.id === id;
  if (hit) openedFromList = null;
  return hit;
}
