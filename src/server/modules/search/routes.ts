import { searchQuery, searchResult } from '../../../contract/persons.ts';
import { heldPermissions, holds } from '../../auth/permissions.ts';
import { defineRoute } from '../../http/route.ts';
import { searchPersons } from './query.ts';

/**
 * GET /api/search?q=&limit= — permission `role` (any signed-in user who has chosen a role).
 * Answers `{ data: { legalPersons: [{ id, name, kind, national_id, ticker, is_listed }],
 * truePersons: [{ id, first_name, last_name, national_code }] } }` with up to `limit` (1..50,
 * default 8) of each: matches by name (normalised, partial), legal national id, ticker or national
 * code, exact matches first. An empty `q` answers two empty lists. 422 on a bad `limit`.
 * Each kind is searched only for a role that may list it (`person.legal.list`,
 * `person.true.list`); for another role its list is always empty.
 */
export const searchRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/search',
    permission: 'role',
    summary: 'Search companies and people by name, national id, ticker or national code',
    tags: ['search'],
    query: searchQuery,
    response: searchResult,
    async handler({ db, query, session }) {
      const held = await heldPermissions(db, session?.role ?? null);
      return searchPersons(db, query.q, query.limit, {
        legal: holds(held, 'person.legal.list'),
        true: holds(held, 'person.true.list'),
      });
    },
  }),
];
