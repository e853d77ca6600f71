import { sql } from 'drizzle-orm';
import {
  asOfQuery,
  chainsAnswer,
  chainsQuery,
  companyIdParams,
  companyOwners as companyOwnersSchema,
  compareAnswer,
  compareQuery,
  graphQuery,
  holderHoldings as holderHoldingsSchema,
  ownershipGraph,
  reviewAnswer,
  reviewQuery,
  stateEntityAnswer,
  stateEntityInput,
} from '../../../contract/ownership.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { refreshStateClasses } from './classes.ts';
import {
  companyOwners,
  figureChains,
  holderHoldings,
  ownershipSubgraph,
  subgraphOptions,
} from './queries.ts';
import { compareOwnership, declaredReview } from './review.ts';

const NOT_FOUND = 'شخص یافت نشد';
const COMPANY_NOT_FOUND = 'شخص حقوقی یافت نشد';

/**
 * GET /api/ownership/legal-persons/:id/holdings and /api/ownership/true-persons/:id/holdings
 * (`person.legal.view`) — `HolderHoldings`: what a legal or true person holds on `as_of`,
 * directly and through chains (fractions, corrected for cross-holdings), and whether it controls
 * each company at `threshold`. 404 «شخص یافت نشد».
 */
function holdingsRoute(type: 'legal' | 'true', path: string) {
  return defineRoute({
    method: 'get',
    path,
    permission: 'person.legal.view',
    summary: `What a ${type} person holds, directly and through chains`,
    tags: ['ownership'],
    params: companyIdParams,
    query: asOfQuery,
    response: holderHoldingsSchema,
    async handler({ db, params, query }) {
      const key = `${type === 'legal' ? 'L' : 'T'}${params.id}`;
      const found = await holderHoldings(db, key, { day: query.as_of, threshold: query.threshold });
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  });
}

/** Ownership and control (issue 17): figures, chains, graphs, and the state's entities. */
export const ownershipRoutes = [
  /**
   * GET /api/ownership/legal-persons/:id/owners (`person.legal.view`) — `CompanyOwners`: the
   * company's holders on `as_of` (ISO day, default today; holdings valid that day, both ends
   * inclusive), each with its direct share and its integrated share (fractions; corrected for
   * cross-holdings as Vitali et al. 2011: domain/ownership/integrated.ts), null with the unknown
   * links named when not computable, a declared indirect interest beside it with `disagrees`;
   * the ultimate controller at `threshold` (fraction, default 0.5: domain/ownership/control.ts);
   * the data errors around the company. 404 «شخص حقوقی یافت نشد»; 400 for a bad date or threshold.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/legal-persons/:id{[0-9]+}/owners',
    permission: 'person.legal.view',
    summary: "A company's holders, direct and integrated, and its ultimate controller",
    tags: ['ownership'],
    params: companyIdParams,
    query: asOfQuery,
    response: companyOwnersSchema,
    async handler({ db, params, query }) {
      const found = await companyOwners(db, params.id, { day: query.as_of, threshold: query.threshold });
      if (!found) throw notFound(COMPANY_NOT_FOUND);
      return found;
    },
  }),
  holdingsRoute('legal', '/api/ownership/legal-persons/:id{[0-9]+}/holdings'),
  holdingsRoute('true', '/api/ownership/true-persons/:id{[0-9]+}/holdings'),
  /**
   * GET /api/ownership/chains?holder=&company=&as_of=&limit= (`person.legal.view`) —
   * `ChainsAnswer`: the simple chains from the holder to the company, largest product of shares
   * first (at most `limit`, 1–200, default 20), the integrated figure they explain and `rest`,
   * what walks round cycles add. 404 «شخص یافت نشد» when either does not exist.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/chains',
    permission: 'person.legal.view',
    summary: 'The chains of holdings behind one integrated figure',
    tags: ['ownership'],
    query: chainsQuery,
    response: chainsAnswer,
    async handler({ db, query }) {
      const found = await figureChains(db, query.holder, query.company, {
        day: query.as_of,
        limit: query.limit,
      });
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  }),
  /**
   * GET /api/ownership/graph/:id (`ownership.graph`) — `OwnershipGraphAnswer`: the subgraph
   * around a node on `as_of`: `direction` up (owners, to the ultimate controllers) or down
   * (subsidiaries); `open` (`L12:24,…`) the nodes whose links are shown and how many, else the
   * nodes within `depth` (1–8, default 2) of the root with 12 links each; every node counts its
   * links (`links_total`, `links_shown`): none is dropped in silence. Ended holdings with
   * `include_ended=1`. Edges carry the direct share, nodes the integrated one relative to the
   * root. 404 «شخص یافت نشد».
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/graph/:id{[0-9]+}',
    permission: 'ownership.graph',
    summary: 'The ownership graph around a legal person, upward or downward',
    tags: ['ownership'],
    params: companyIdParams,
    query: graphQuery,
    response: ownershipGraph,
    async handler({ db, params, query }) {
      const found = await ownershipSubgraph(db, `L${params.id}`, subgraphOptions(query));
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  }),
  /**
   * GET /api/ownership/review?as_of= (`person.legal.view`) — `ReviewAnswer`: every declared
   * indirect interest valid on the date (ISO, default today) whose computed integrated figure
   * differs from it by more than 0.01 percentage point or cannot be computed (the unknown links
   * named), largest difference first; and how many declared interests there are in all.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/review',
    permission: 'person.legal.view',
    summary: 'Declared indirect interests that the computed figures disagree with',
    tags: ['ownership'],
    query: reviewQuery,
    response: reviewAnswer,
    async handler({ db, query }) {
      return declaredReview(db, query.as_of);
    },
  }),
  /**
   * GET /api/ownership/compare?from=&to= (`person.legal.view`) — `CompareAnswer`: the companies
   * whose state share (fraction), state class or control by the state differs between `from` and
   * `to` (ISO days; `to` default today; from ≤ to, else 422), largest change of share first.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/compare',
    permission: 'person.legal.view',
    summary: "What changed in the state's share and control between two dates",
    tags: ['ownership'],
    query: compareQuery,
    response: compareAnswer,
    async handler({ db, query }) {
      return compareOwnership(db, query.from, query.to);
    },
  }),
  /**
   * PUT /api/ownership/state-entities/:id (`ownership.manage`) — body `{ is_state_entity }`:
   * marks a legal person as one of the state's entities (or not). In one transaction with its
   * audit row (entity `legal_person`, action `state-entity`), the state classes of every company
   * are recomputed (classes.ts). Answers `{ id, is_state_entity, changed }` (changed: companies
   * whose class was rewritten). 404 «شخص حقوقی یافت نشد».
   */
  defineRoute({
    method: 'put',
    path: '/api/ownership/state-entities/:id{[0-9]+}',
    permission: 'ownership.manage',
    summary: 'Mark a legal person as a state entity, or not',
    tags: ['ownership'],
    params: companyIdParams,
    body: stateEntityInput,
    response: stateEntityAnswer,
    async handler({ db, params, body, audit }) {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [before] = await queryRows<{ is_state_entity: boolean }>(
          tx,
          sql`SELECT is_state_entity FROM legal_persons WHERE id = ${params.id} AND deleted_at IS NULL FOR UPDATE`,
        );
        if (!before) throw notFound(COMPANY_NOT_FOUND);
        let changed = 0;
        if (before.is_state_entity !== body.is_state_entity) {
          await tx.execute(
            sql`UPDATE legal_persons SET is_state_entity = ${body.is_state_entity}, version = version + 1, updated_at = now()
                WHERE id = ${params.id}`,
          );
          await audit(tx, {
            action: 'state-entity',
            entity: 'legal_person',
            entityId: params.id,
            before: { is_state_entity: before.is_state_entity },
            after: { is_state_entity: body.is_state_entity },
          });
          changed = await refreshStateClasses(tx);
        }
        return { id: params.id, is_state_entity: body.is_state_entity, changed };
      });
    },
  }),
];
