import type { ListPage } from '~/contract/list.ts';

/** A list page of a whole array: for short managed lists (questions, provisions, document types) filtered in the browser. */
export function wholePage<T>(rows: T[]): ListPage<T> {
  return { data: rows, total: rows.length, page: 1, per_page: Math.max(rows.length, 1), next_cursor: null };
}
