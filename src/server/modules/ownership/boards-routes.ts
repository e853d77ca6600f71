import { listPageOf } from '../../../contract/api-envelope.ts';
import {
  boardEntitlement as boardEntitlementSchema,
  interlockRow,
  interlocksAmongAnswer,
  interlocksQuery,
} from '../../../contract/board-ownership.ts';
import { asOfQuery, companyIdParams, graphQuery } from '../../../contract/ownership.ts';
import { notFound } from '../../http/errors.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { boardEntitlement, interlockPage, interlocksAmong } from './boards.ts';
import { ownershipSubgraph, subgraphOptions } from './queries.ts';

const COMPANY_NOT_FOUND = 'شخص حقوقی یافت نشد';
const NOT_FOUND = 'شخص یافت نشد';

/**
 * Boards tied to ownership (issue 17; contract/board-ownership.ts). Both read under
 * `person.legal.view`, the permission under which a company's view shows its board and the other
 * ownership figures (the boards screens' own `person.board` is not held by the auditor, who may
 * read these).
 */
export const boardsOwnershipRoutes: AnyRoute[] = [
  /**
   * GET /api/ownership/legal-persons/:id/board-entitlement?as_of=&threshold= (`person.legal.view`)
   * — `BoardEntitlement`: the company's current board on `as_of` (ISO day, default today) and its
   * size n (seats that are not alternates); the state's integrated share (fraction; null with the
   * links of unknown share); the seats it entitles the state to under cumulative voting
   * (article 88: ceil(s·(n+1)) − 1) and under plain majority; the state's votes in the assembly
   * (its entities' and controlled companies' direct holdings) with their seats; the seats held for
   * the state (a state entity or a company the state controls at `threshold`, default 0.5, holds
   * the seat) with each representative; `difference` = held − entitled. Figures not computable
   * are null with `reason` and `reason_text` (Persian): no current board, no seats, a state entity,
   * no recorded holders, an unknown share. 404 «شخص حقوقی یافت نشد»; 422 on a bad date or threshold.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/legal-persons/:id{[0-9]+}/board-entitlement',
    permission: 'person.legal.view',
    summary: "The seats the state's stake entitles it to on a company's board, beside the seats it holds",
    tags: ['ownership', 'boards'],
    params: companyIdParams,
    query: asOfQuery,
    response: boardEntitlementSchema,
    async handler({ db, params, query }) {
      const found = await boardEntitlement(db, params.id, { day: query.as_of, threshold: query.threshold });
      if (!found) throw notFound(COMPANY_NOT_FOUND);
      return found;
    },
  }),
  /**
   * GET /api/ownership/interlocks?kind=&company_id=&as_of=&q=&sortBy=&page=&per_page= (`person.legal.view`)
   * — `ListPage<InterlockRow>` among the boards current on `as_of` (default today): `kind=board`
   * (default) one row per person sitting (as holder or a legal holder's representative) on two or
   * more companies' boards, with every seat; `kind=shareholding` one row per board member of
   * company A holding shares directly in a company B that A holds or that holds A, with the ties
   * and the person's share (null: unknown). `company_id`: only those touching that company. `q`
   * matches a person's or company's name or ticker. Sorts: board — boards (default, most first),
   * person; shareholding — person (default), company, related, person_share. Paged in memory
   * (page or offset, per_page ≤ 500; `cursor` / `before` carry row positions): the whole portfolio's
   * interlocks are computed per call (tests/api/ownership-boards.test.ts measures it). 404
   * «شخص حقوقی یافت نشد» for an unknown company; 422 (Persian) on a bad kind, date, sort or cursor.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/interlocks',
    permission: 'person.legal.view',
    summary: 'Interlocking boards: persons on several boards, members holding shares in tied companies',
    tags: ['ownership', 'boards'],
    query: interlocksQuery,
    response: listPageOf(interlockRow),
    async handler({ db, query }) {
      const found = await interlockPage(db, query);
      if (!found) throw notFound(COMPANY_NOT_FOUND);
      return found;
    },
  }),
  /**
   * GET /api/ownership/graph/:id/interlocks?direction=&depth=&open=&as_of=&include_ended=&threshold=
   * (`person.legal.view`) — `InterlocksAmongAnswer`: the interlocks among the companies that the
   * same graph shows (GET /api/ownership/graph/:id with the same parameters, so the two always
   * agree), on its date: persons on two or more of their boards (their seats on these boards
   * only), and a board member of one holding shares directly in another that it holds or that
   * holds it. The graph screens draw them between the nodes and list them beside. 404
   * «شخص یافت نشد»; 422 on the graph query's errors.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/graph/:id{[0-9]+}/interlocks',
    permission: 'person.legal.view',
    summary: 'The interlocks among the companies of an ownership graph',
    tags: ['ownership', 'boards'],
    params: companyIdParams,
    query: graphQuery,
    response: interlocksAmongAnswer,
    async handler({ db, params, query }) {
      const graph = await ownershipSubgraph(db, `L${params.id}`, subgraphOptions(query));
      if (!graph) throw notFound(NOT_FOUND);
      const companies = graph.nodes.filter((n) => n.type === 'legal').map((n) => n.id);
      return interlocksAmong(db, companies, graph.as_of);
    },
  }),
];
