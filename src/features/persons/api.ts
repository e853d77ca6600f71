import type { LegalPersonRow } from '~/contract/legal-person.ts';
import type { ListPage } from '~/contract/list.ts';
import type { TruePersonRow } from '~/contract/true-person.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/**
 * The persons calls (shapes in src/contract/persons.ts). List pages are `quiet`: the list shows
 * a failed load in place, with a retry key, instead of a toast.
 */

/** GET /api/person/legal-persons or /api/person/true-persons (`path`): one page of a persons list. */
export const fetchPersons =
  <Row extends LegalPersonRow | TruePersonRow>(path: string) =>
  (params: ListParams, signal: AbortSignal) =>
    api<ListPage<Row>>(path, { query: toRequestQuery(params), signal, quiet: true });
