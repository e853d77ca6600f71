import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { positiveId } from '../../../contract/ids.ts';
import {
  structureApplyAnswer,
  structureDraftAction,
  structureDraftDetail,
  structureDraftInput,
  structureDraftRow,
  structureDraftsQuery,
  structureDraftUpdate,
} from '../../../contract/structure.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import {
  applyDraft,
  CLOSED_DRAFT,
  checkOperationNodes,
  companyIdsOf,
  DRAFT_NOT_FOUND,
  draftDetail,
  listDrafts,
  readDraft,
  STALE_DRAFT,
} from './structure.ts';

/**
 * The drafts of a change of the corporate structure (issue 17,
 * /person/corporate-structure-modification): contract/structure.ts for the shapes,
 * ./structure.ts for the preview and the application. Every route needs `ownership.manage` (only
 * those who may change the structure draft it). Shares are fractions, days ISO. Every answer of a
 * draft carries `others`: the other open drafts that name any of the same legal persons, so two
 * analysts drafting on the same company are told so. Each write is one transaction with its audit
 * rows (entity `structure_draft`; applying also audits each shareholding it changes).
 */

const TAGS = ['ownership'];
const idParams = z.object({ id: positiveId });
const userOf = (session: { user: { id: number } | null } | null) => session?.user?.id ?? null;

/** The draft or 404; 409 when it is closed or was changed since `version`. */
async function openDraft(tx: Db, id: number, version: number) {
  const d = await readDraft(tx, id, true);
  if (!d) throw notFound(DRAFT_NOT_FOUND);
  if (d.status !== 'draft') throw conflict(CLOSED_DRAFT);
  if (d.version !== version) throw conflict(STALE_DRAFT);
  return d;
}

/** The detail of a draft that was just read or written. */
async function detailOf(db: Db, id: number, userId: number | null) {
  const found = await draftDetail(db, id, userId);
  if (!found) throw notFound(DRAFT_NOT_FOUND);
  return found;
}

export const structureOwnershipRoutes: AnyRoute[] = [
  /**
   * GET /api/ownership/structure-drafts?status=&author= (`ownership.manage`) —
   * `StructureDraftRow[]`: everyone's drafts (`author=me`: the caller's), `status` draft | applied
   * | discarded | all (default all), open drafts first then the latest changed, at most 500; each
   * with the legal persons it names and `others` (open drafts naming any of them). 422 in Persian
   * for a bad filter.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/structure-drafts',
    permission: 'ownership.manage',
    summary: 'Drafts of a change of the corporate structure',
    tags: TAGS,
    query: structureDraftsQuery,
    response: z.array(structureDraftRow),
    handler: ({ db, query, session }) =>
      listDrafts(db, { status: query.status, mine: query.author === 'me', userId: userOf(session) }),
  }),
  /**
   * POST /api/ownership/structure-drafts (`ownership.manage`) — body `StructureDraftInput`
   * ({ title, effective_on: ISO day | null, operations: up to 50, shares as fractions }) →
   * `StructureDraftDetail` (version 1) with its preview on the effective date, or the operations
   * that do not apply to the holdings (`errors`: a draft may be saved before it applies). 422 in
   * Persian for bad input or a person that does not exist (under `operations.<i>.<field>`).
   * Audited as `create`.
   */
  defineRoute({
    method: 'post',
    path: '/api/ownership/structure-drafts',
    permission: 'ownership.manage',
    summary: 'Create a draft of a change of the corporate structure',
    tags: TAGS,
    body: structureDraftInput,
    response: structureDraftDetail,
    async handler({ db, body, session, audit }) {
      const userId = userOf(session);
      const id = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await checkOperationNodes(tx, body.operations);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO structure_drafts (title, operations, company_ids, effective_on, created_by)
              VALUES (${body.title}, ${JSON.stringify(body.operations)}::jsonb,
                ${sql.param(companyIdsOf(body.operations))}::int[], ${body.effective_on}::date, ${userId})
              RETURNING id`,
        );
        await audit(tx, { action: 'create', entity: 'structure_draft', entityId: row!.id, after: body });
        return row!.id;
      });
      return detailOf(db, id, userId);
    },
  }),
  /**
   * GET /api/ownership/structure-drafts/:id (`ownership.manage`) — `StructureDraftDetail`: the
   * draft, the names of the persons it names, `others`, and while open its preview against the
   * holdings valid on the effective date (today when none): each affected company (those the
   * operations name and every company downstream) before and after — the state's integrated
   * share, class, control, the ultimate controller and its largest holders' integrated shares —
   * or, when an operation does not apply, `errors` (index, Persian message) and no preview.
   * 404 «پیش‌نویس یافت نشد».
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/structure-drafts/:id{[0-9]+}',
    permission: 'ownership.manage',
    summary: 'A draft of a change of the corporate structure with its preview',
    tags: TAGS,
    params: idParams,
    response: structureDraftDetail,
    handler: ({ db, params, session }) => detailOf(db, params.id, userOf(session)),
  }),
  /**
   * PUT /api/ownership/structure-drafts/:id (`ownership.manage`) — body `StructureDraftInput` and
   * `version` (the one read): replaces the title, date and operations, version + 1, audited as
   * `update` → `StructureDraftDetail`. 409 in Persian when the version is stale (someone saved
   * since) or the draft is closed; 404; 422 as on create.
   */
  defineRoute({
    method: 'put',
    path: '/api/ownership/structure-drafts/:id{[0-9]+}',
    permission: 'ownership.manage',
    summary: 'Save a draft of a change of the corporate structure',
    tags: TAGS,
    params: idParams,
    body: structureDraftUpdate,
    response: structureDraftDetail,
    async handler({ db, params, body, session, audit }) {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const d = await openDraft(tx, params.id, body.version);
        await checkOperationNodes(tx, body.operations);
        await tx.execute(
          sql`UPDATE structure_drafts SET title = ${body.title}, operations = ${JSON.stringify(body.operations)}::jsonb,
                company_ids = ${sql.param(companyIdsOf(body.operations))}::int[], effective_on = ${body.effective_on}::date,
                updated_at = now(), version = version + 1
              WHERE id = ${d.id}`,
        );
        await audit(tx, {
          action: 'update',
          entity: 'structure_draft',
          entityId: d.id,
          before: {
            title: d.title,
            effective_on: d.effective_on,
            operations: d.operations,
            version: d.version,
          },
          after: {
            title: body.title,
            effective_on: body.effective_on,
            operations: body.operations,
            version: d.version + 1,
          },
        });
      });
      return detailOf(db, params.id, userOf(session));
    },
  }),
  /**
   * POST /api/ownership/structure-drafts/:id/discard (`ownership.manage`) — body `{ version }`:
   * closes the draft without changing any holding (status `discarded`), audited as `discard` →
   * `StructureDraftDetail`. 409 when stale or already closed; 404.
   */
  defineRoute({
    method: 'post',
    path: '/api/ownership/structure-drafts/:id{[0-9]+}/discard',
    permission: 'ownership.manage',
    summary: 'Discard a draft of a change of the corporate structure',
    tags: TAGS,
    params: idParams,
    body: structureDraftAction,
    response: structureDraftDetail,
    async handler({ db, params, body, session, audit }) {
      const userId = userOf(session);
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const d = await openDraft(tx, params.id, body.version);
        await tx.execute(
          sql`UPDATE structure_drafts SET status = 'discarded', closed_at = now(), closed_by = ${userId},
                updated_at = now(), version = version + 1
              WHERE id = ${d.id}`,
        );
        await audit(tx, {
          action: 'discard',
          entity: 'structure_draft',
          entityId: d.id,
          before: { status: d.status, version: d.version },
          after: { status: 'discarded', version: d.version + 1 },
        });
      });
      return detailOf(db, params.id, userId);
    },
  }),
  /**
   * POST /api/ownership/structure-drafts/:id/apply (`ownership.manage`) — body `{ version }`:
   * in one transaction (./structure.ts applyDraft) the operations are applied again to the
   * holdings valid on the effective date, read inside it: ended holdings get valid_to =
   * effective_on − 1, new ones (direct) start on effective_on, one audit row per holding
   * changed and one for the draft (`apply`), then the state classes are recomputed →
   * `StructureApplyAnswer` ({ draft, ended, added, reclassified }). 409 in Persian, nothing
   * written, when an operation no longer applies (naming it), when the draft has no operation,
   * is stale or closed; 404.
   */
  defineRoute({
    method: 'post',
    path: '/api/ownership/structure-drafts/:id{[0-9]+}/apply',
    permission: 'ownership.manage',
    summary: 'Apply a draft of a change of the corporate structure',
    tags: TAGS,
    params: idParams,
    body: structureDraftAction,
    response: structureApplyAnswer,
    async handler({ db, params, body, session, audit }) {
      const userId = userOf(session);
      const written = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // no other write of holdings until this one commits (./structure.ts, module comment)
        await tx.execute(sql`LOCK TABLE shareholdings IN SHARE ROW EXCLUSIVE MODE`);
        const d = await openDraft(tx, params.id, body.version);
        return applyDraft(tx, d, userId, audit);
      });
      return { draft: await detailOf(db, params.id, userId), ...written };
    },
  }),
];
