import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ISSUE_BULK_CAP, ISSUE_UNDO_WINDOW_MS, type IssueBulkAnswer } from '../../../contract/issues.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { type ListSpec, listPage, queryRows } from '../../http/list.ts';
import type { AuditBatch, MutationRows } from '../../http/mutation.ts';
import type { SessionInfo } from '../../http/route.ts';
import { readOperation, storeOperation } from '../bulk/operations.ts';
import { decide, lockStates } from './bulk-decide.ts';
import { auditBatches, bulkAction, type IssueBulkRequest, type IssueBulkUndo, ints } from './bulk-fields.ts';
import { runLabelVerb } from './bulk-labels.ts';
import { writeGroups } from './bulk-write.ts';
import { issueList } from './store.ts';

/**
 * Triage verbs on many issues at once (issue 18): a status move of the statechart, assign,
 * priority, set or remove a label — on the focused issue, a selection or every issue matching
 * the list's filter (at most ISSUE_BULK_CAP), in the caller's one transaction, each changed issue
 * audited (entity `issue`, one row per issue, written as batches of equal before/after), and
 * stored in `bulk_operations` for undo within ISSUE_UNDO_WINDOW_MS (POST
 * /api/bulk-operations/:id/undo, which calls bulk-undo.ts `revertIssueBulk`). A move, assign or
 * priority takes four statements whatever the number of issues: lock and read their distinct
 * states (bulk-decide.ts), one UPDATE (bulk-write.ts), the stored operation and its answer.
 */

/** The issues `all` (a list query) matches, at most ISSUE_BULK_CAP (422 past it, or on a bad query). */
async function matchingIds(tx: Db, all: Record<string, unknown>): Promise<number[]> {
  const parsed = listQuerySchema.safeParse({ ...all, page: 1, per_page: 1 });
  if (!parsed.success) throw invalid({ all: ['پرس‌وجوی فهرست معتبر نیست'] });
  const spec: ListSpec = { ...issueList, select: sql.raw('i.id AS id') };
  const page = await listPage<{ id: number }>(tx, spec, {
    ...parsed.data,
    cursor: undefined,
    sortBy: undefined,
    descending: undefined,
    page: 1,
    per_page: ISSUE_BULK_CAP + 1,
  });
  if (page.total > ISSUE_BULK_CAP)
    throw invalid(
      {
        all: [
          `این فیلتر ${page.total.toLocaleString('fa-IR')} موضوع دارد؛ حداکثر ${ISSUE_BULK_CAP.toLocaleString('fa-IR')} موضوع در یک عملیات`,
        ],
      },
      'تعداد موضوعات بیش از حد مجاز است',
    );
  return page.data.map((r) => Number(r.id));
}

const NONE_FOUND = 'هیچ‌یک از موضوعات انتخاب‌شده یافت نشد';

/** The issues `req.ids` names that exist, ascending (404 none). */
async function existingIds(tx: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM issues WHERE id = ANY(${ints(ids)}) ORDER BY id`,
  );
  if (rows.length === 0) throw notFound(NONE_FOUND);
  return rows.map((r) => Number(r.id));
}

/** Counts reasons, most frequent first (equal counts in the order each reason first came). */
function tally(skipped: readonly { reason: string; count: number }[]): { reason: string; count: number }[] {
  const m = new Map<string, number>();
  for (const { reason, count } of skipped) m.set(reason, (m.get(reason) ?? 0) + count);
  return [...m].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/**
 * Runs one triage verb in `tx` → `IssueBulkAnswer` and its audit batches. Who and when of a move
 * are the caller's session user and `at` (Tehran time, ISO with zone); `now` stamps the writes
 * and starts the undo window. Refusals before anything is written: 404 none of `ids` exists; 422
 * `all` past ISSUE_BULK_CAP or not a list query, the duplicate's original unknown, an assignee
 * without access to issues, a label unknown or not for issues, and 422 when the verb changes no
 * issue at all (each refused by the statechart, or already so), naming the most frequent reason.
 * Issues the verb cannot change are left as they are and counted in `skipped`.
 */
export async function runIssueBulk(
  tx: Db,
  req: IssueBulkRequest,
  session: SessionInfo | null,
  now: Date,
  at: string,
): Promise<MutationRows<IssueBulkAnswer>> {
  const named = req.all ? await matchingIds(tx, req.all) : [...new Set(req.ids ?? [])];
  const opId = randomUUID();
  const tag = { bulk_operation: opId };
  let undo: IssueBulkUndo;
  let audits: AuditBatch[];
  let changed: number;
  let skipped: { reason: string; count: number }[];
  let found: number;

  if (req.verb === 'label' || req.verb === 'unlabel') {
    const ids = req.all ? named : await existingIds(tx, named);
    const out = await runLabelVerb(tx, req.verb, req.label_id!, ids, tag, now);
    ({ undo, audits, changed } = out);
    found = ids.length;
    skipped = changed < found ? [{ reason: out.skipped, count: found - changed }] : [];
  } else {
    const of = req.verb === 'move' && req.move!.type === 'MARK_DUPLICATE' ? req.move!.of : null;
    const states = await lockStates(tx, req.verb, named, typeof of === 'number' ? of : null);
    found = states.reduce((n, s) => n + s.ids.length, 0);
    if (found === 0 && !req.all) throw notFound(NONE_FOUND);
    const decision = await decide(tx, req, states, session, at);
    await writeGroups(
      tx,
      req.verb,
      decision.groups.map((g) => ({ ids: g.ids, to: g.after })),
      now,
    );
    undo = { action: 'issue_bulk', verb: req.verb, groups: decision.groups };
    const note = req.verb === 'move' ? req.move!.note : undefined;
    audits = auditBatches(bulkAction(req), req.verb, decision.groups, note ? { ...tag, note } : tag);
    changed = decision.groups.reduce((n, g) => n + g.ids.length, 0);
    skipped = decision.skipped;
  }

  const reasons = tally(skipped);
  if (changed === 0)
    throw invalid(
      { verb: [reasons[0]?.reason ?? 'هیچ موضوعی تغییر نکرد'] },
      found === 1 ? reasons[0]?.reason : `هیچ‌یک از ${found.toLocaleString('fa-IR')} موضوع تغییر نکرد`,
    );
  await storeOperation(
    tx,
    { id: opId, action: req.verb, entityType: 'issue', affected: changed, undo },
    session,
    now,
    ISSUE_UNDO_WINDOW_MS,
  );
  return {
    audits,
    result: { operation: await readOperation(tx, opId), changed, skipped: reasons },
  };
}
