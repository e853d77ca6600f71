import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import {
  ISSUE_BULK_CAP,
  ISSUE_PRIORITY_LABELS,
  ISSUE_UNDO_WINDOW_MS,
  type IssueBulkAnswer,
  type IssueBulkVerb,
  type IssueMoveInput,
} from '../../../contract/issues.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import {
  applyIssueMove,
  type IssueState,
  type IssueStatusContext,
  type IssueStatusEvent,
} from '../../../domain/issues/issue-status.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage, queryRows } from '../../http/list.ts';
import type { AuditBatch, MutationRows } from '../../http/mutation.ts';
import type { SessionInfo } from '../../http/route.ts';
import { readOperation, storeOperation } from '../bulk/operations.ts';
import { issueList, mayBeAssigned } from './store.ts';

/**
 * Triage verbs on many issues at once (issue 18): a status move of the statechart, assign,
 * priority, set or remove a label — on the focused issue, a selection or every issue matching
 * the list's filter (at most ISSUE_BULK_CAP), in the caller's one transaction, each changed issue
 * audited (entity `issue`, one row per issue, written as batches of equal before/after), and
 * stored in `bulk_operations` for undo within ISSUE_UNDO_WINDOW_MS (POST
 * /api/bulk-operations/:id/undo, which calls `revertIssueBulk`).
 */

/** The issue fields a verb changes and its undo restores (the stored status context, assignee, priority). */
interface IssueFields {
  status: IssueState;
  duplicate_of: number | null;
  decline_reason: string | null;
  snoozed_until: string | null;
  snoozed_from: IssueState | null;
  assignee_id: number | null;
  priority: number;
}

/** One locked issue as the verb reads it. */
interface LockedIssue extends IssueFields {
  id: number;
  version: number;
}

/**
 * What undo needs: each changed issue's fields before and after the verb. Undo gives an issue
 * back the verb's own fields (a move's status fields, the assignee, the priority) only while they
 * are still what the verb left: a later change of them wins, while the undo of a later verb on
 * other fields does not stand in the way (undoing in order works).
 */
export interface IssueBulkUndo {
  action: 'issue_bulk';
  verb: IssueBulkVerb;
  /**
   * `move`, `assign`, `priority`: the changed issues, grouped by the verb's own fields before and
   * after (10,000 issues accepted from «new» are one group).
   */
  groups?: ChangeGroup[];
  /** `label`, `unlabel`: the label and the issues it was set on or removed from (with when it had been set). */
  label?: { id: number; name: string; ids: number[]; at?: string[] };
}

/** Issues whose fields a verb owns (see `owned`) were the same before it and are the same after. */
export interface ChangeGroup {
  ids: number[];
  before: Partial<IssueFields>;
  after: Partial<IssueFields>;
}

/** Groups `changes` by the verb's own fields before and after. */
function groupChanges(verb: IssueBulkVerb, changes: { id: number; from: IssueFields; to: IssueFields }[]) {
  const groups = new Map<string, ChangeGroup>();
  for (const c of changes) {
    const before = owned(verb, c.from);
    const after = owned(verb, c.to);
    const key = JSON.stringify([before, after]);
    const g = groups.get(key) ?? { ids: [], before, after };
    g.ids.push(c.id);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** What a bulk verb asks (contract/issues.ts `issueBulkInput`, parsed). */
export interface IssueBulkRequest {
  verb: IssueBulkVerb;
  ids?: number[];
  all?: Record<string, unknown>;
  move?: IssueMoveInput;
  assignee_id?: number | null;
  priority?: '1' | '2' | '3' | '4';
  label_id?: number;
}

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
const FIELDS_SQL = sql.raw(
  `i.status, i.duplicate_of, i.decline_reason, i.snoozed_until::text AS snoozed_until, i.snoozed_from,
   i.assignee_id, i.priority`,
);

/** The issues the request names: `ids` that exist, or every issue `all` matches (422 past the cap). */
async function targetIds(tx: Db, req: IssueBulkRequest): Promise<number[]> {
  if (!req.all) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM issues WHERE id = ANY(${ints([...new Set(req.ids ?? [])])}) ORDER BY id`,
    );
    if (rows.length === 0) throw notFound('هیچ‌یک از موضوعات انتخاب‌شده یافت نشد');
    return rows.map((r) => Number(r.id));
  }
  const parsed = listQuerySchema.safeParse({ ...req.all, page: 1, per_page: 1 });
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

/** Locks `ids` (in id order, so two verbs at once take their rows in the same order) and reads them. */
async function lockIssues(tx: Db, ids: readonly number[]): Promise<LockedIssue[]> {
  const rows = await queryRows<LockedIssue>(
    tx,
    sql`SELECT i.id, i.version, ${FIELDS_SQL} FROM issues i WHERE i.id = ANY(${ints(ids)}) ORDER BY i.id FOR UPDATE`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    version: Number(r.version),
    priority: Number(r.priority),
    duplicate_of: r.duplicate_of === null ? null : Number(r.duplicate_of),
    assignee_id: r.assignee_id === null ? null : Number(r.assignee_id),
  }));
}

const contextOf = (r: LockedIssue): IssueStatusContext => ({
  id: r.id,
  state: r.status,
  duplicateOf: r.duplicate_of,
  declineReason: r.decline_reason,
  snoozedUntil: r.snoozed_until,
  snoozedFrom: r.snoozed_from,
});

const fieldsOf = (r: IssueFields): IssueFields => ({
  status: r.status,
  duplicate_of: r.duplicate_of,
  decline_reason: r.decline_reason,
  snoozed_until: r.snoozed_until,
  snoozed_from: r.snoozed_from,
  assignee_id: r.assignee_id,
  priority: r.priority,
});

/**
 * Writes each group's new values (`to`: the fields it names) to its issues (locked by the caller):
 * one UPDATE per group, each version bumped; an assignee change clears `assignee_seen_at` (the new
 * assignee has not seen it).
 */
async function writeGroups(tx: Db, groups: { ids: number[]; to: Partial<IssueFields> }[], now: Date) {
  for (const { ids, to } of groups) {
    if (ids.length === 0) continue;
    const sets: SQL[] = [];
    if ('status' in to) sets.push(sql`status = ${to.status}`);
    if ('duplicate_of' in to) sets.push(sql`duplicate_of = ${to.duplicate_of}::int`);
    if ('decline_reason' in to) sets.push(sql`decline_reason = ${to.decline_reason}::text`);
    if ('snoozed_until' in to) sets.push(sql`snoozed_until = ${to.snoozed_until}::date`);
    if ('snoozed_from' in to) sets.push(sql`snoozed_from = ${to.snoozed_from}::text`);
    if ('assignee_id' in to)
      sets.push(
        sql`assignee_seen_at = CASE WHEN assignee_id IS DISTINCT FROM ${to.assignee_id}::int THEN NULL ELSE assignee_seen_at END`,
        sql`assignee_id = ${to.assignee_id}::int`,
      );
    if ('priority' in to) sets.push(sql`priority = ${to.priority}::smallint`);
    await tx.execute(
      sql`UPDATE issues SET ${sql.join(sets, sql`, `)}, version = version + 1,
            updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ANY(${ints(ids)})`,
    );
  }
}

/** The fields `verb` owns: what it changes and what its undo gives back. */
function owned(verb: IssueBulkVerb, f: Partial<IssueFields>): Partial<IssueFields> {
  if (verb === 'assign') return { assignee_id: f.assignee_id };
  if (verb === 'priority') return { priority: f.priority };
  return {
    status: f.status,
    duplicate_of: f.duplicate_of,
    decline_reason: f.decline_reason,
    snoozed_until: f.snoozed_until,
    snoozed_from: f.snoozed_from,
  };
}
const sameOwned = (verb: IssueBulkVerb, a: Partial<IssueFields>, b: Partial<IssueFields>) =>
  JSON.stringify(owned(verb, a)) === JSON.stringify(owned(verb, b));

/** Audit batches of `action` on issues: one per distinct (before, after) pair, tagged with the operation. */
function auditBatches(
  action: string,
  items: { id: number; before: Record<string, unknown>; after: Record<string, unknown> }[],
  tag: Record<string, unknown>,
): AuditBatch[] {
  const groups = new Map<
    string,
    { ids: number[]; before: Record<string, unknown>; after: Record<string, unknown> }
  >();
  for (const it of items) {
    const key = JSON.stringify([it.before, it.after]);
    const g = groups.get(key) ?? { ids: [], before: it.before, after: it.after };
    g.ids.push(it.id);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({
    action,
    entity: 'issue',
    entityIds: g.ids,
    before: { ...tag, ...g.before },
    after: { ...tag, ...g.after },
  }));
}

/** The fields of `f` a verb shows in the audit trail (a move its status fields, assign the assignee …). */
function shown(verb: IssueBulkVerb, f: IssueFields): Record<string, unknown> {
  if (verb === 'assign') return { assignee_id: f.assignee_id };
  if (verb === 'priority') return { priority: String(f.priority) };
  return {
    status: f.status,
    duplicate_of: f.duplicate_of,
    decline_reason: f.decline_reason,
    snoozed_until: f.snoozed_until,
  };
}

/** Counts reasons, most frequent first. */
function tally(reasons: string[]): { reason: string; count: number }[] {
  const m = new Map<string, number>();
  for (const r of reasons) m.set(r, (m.get(r) ?? 0) + 1);
  return [...m].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** The label `id`, which must apply to issues (422 on `label_id` otherwise). */
async function issueLabel(tx: Db, id: number, setting: boolean) {
  const [label] = await queryRows<{ id: number; name: string; object_types: string[] }>(
    tx,
    sql`SELECT id, name, object_types FROM labels WHERE id = ${id}`,
  );
  if (!label) throw invalid({ label_id: ['برچسب یافت نشد'] });
  if (setting && !label.object_types.includes('issue'))
    throw invalid({ label_id: [`برچسب «${label.name}» برای موضوعات تعریف نشده است`] });
  return { id: Number(label.id), name: label.name };
}

/**
 * Runs one triage verb in `tx` → `IssueBulkAnswer` and its audit batches. Who and when of a move
 * are the caller's session user and `at` (Tehran time, ISO with zone). Refusals before anything
 * is written: 404 none of `ids` exists; 422 `all` past ISSUE_BULK_CAP or not a list query, the
 * duplicate's original unknown, an assignee without access to issues, a label unknown or not for
 * issues, and 422 when the verb changes no issue at all (each refused by the statechart, or
 * already so), naming the most frequent reason. Issues the verb cannot change are left as they
 * are and counted in `skipped`.
 */
export async function runIssueBulk(
  tx: Db,
  req: IssueBulkRequest,
  session: SessionInfo | null,
  now: Date,
  at: string,
): Promise<MutationRows<IssueBulkAnswer>> {
  const ids = await targetIds(tx, req);
  const opId = randomUUID();
  const tag = { bulk_operation: opId };
  const skipped: string[] = [];
  let undo: IssueBulkUndo;
  let audits: AuditBatch[];
  let changed: number;

  if (req.verb === 'label' || req.verb === 'unlabel') {
    const label = await issueLabel(tx, req.label_id!, req.verb === 'label');
    if (req.verb === 'label') {
      const rows = await queryRows<{ entity_id: number }>(
        tx,
        sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
            SELECT ${label.id}::int, 'issue', x.id, ${now.toISOString()}::timestamptz FROM unnest(${ints(ids)}) AS x(id)
            ON CONFLICT DO NOTHING RETURNING entity_id`,
      );
      const done = rows.map((r) => Number(r.entity_id));
      undo = { action: 'issue_bulk', verb: 'label', label: { ...label, ids: done } };
      audits = done.length
        ? [
            {
              action: 'bulk_label',
              entity: 'issue',
              entityIds: done,
              before: { ...tag, label: null },
              after: { ...tag, label: label.name },
            },
          ]
        : [];
      changed = done.length;
    } else {
      const rows = await queryRows<{ entity_id: number; at: string }>(
        tx,
        sql`DELETE FROM entity_labels WHERE label_id = ${label.id} AND entity_type = 'issue' AND entity_id = ANY(${ints(ids)})
            RETURNING entity_id, ${isoTimestamp(sql.raw('created_at'))} AS at`,
      );
      const done = rows.map((r) => Number(r.entity_id));
      undo = {
        action: 'issue_bulk',
        verb: 'unlabel',
        label: { ...label, ids: done, at: rows.map((r) => r.at) },
      };
      audits = done.length
        ? [
            {
              action: 'bulk_unlabel',
              entity: 'issue',
              entityIds: done,
              before: { ...tag, label: label.name },
              after: { ...tag, label: null },
            },
          ]
        : [];
      changed = done.length;
    }
    const already = req.verb === 'label' ? 'این برچسب را از پیش داشت' : 'این برچسب را نداشت';
    for (let k = changed; k < ids.length; k++) skipped.push(already);
  } else {
    const locked = await lockIssues(tx, ids);
    const changes: { id: number; from: IssueFields; to: IssueFields }[] = [];
    if (req.verb === 'move') {
      const move = req.move!;
      if (move.type === 'MARK_DUPLICATE' && move.of !== undefined) {
        const [original] = await queryRows(tx, sql`SELECT 1 FROM issues WHERE id = ${move.of}`);
        if (!original) throw invalid({ 'move.of': ['موضوع اصلی یافت نشد'] });
      }
      const event = { ...move, by: session?.user?.id ?? 0, at } as IssueStatusEvent;
      for (const r of locked) {
        const moved = applyIssueMove(contextOf(r), event);
        if (!moved.ok) {
          skipped.push(moved.reason);
          continue;
        }
        const c = moved.context;
        changes.push({
          id: r.id,
          from: fieldsOf(r),
          to: {
            ...fieldsOf(r),
            status: c.state,
            duplicate_of: c.duplicateOf,
            decline_reason: c.declineReason,
            snoozed_until: c.snoozedUntil,
            snoozed_from: c.snoozedFrom,
          },
        });
      }
    } else if (req.verb === 'assign') {
      const to = req.assignee_id ?? null;
      if (to !== null && !(await mayBeAssigned(tx, to)))
        throw invalid({ assignee_id: ['مسئول باید از کاربرانی باشد که به موضوعات دسترسی دارند'] });
      for (const r of locked) {
        if (r.assignee_id === to) skipped.push(to === null ? 'مسئولی نداشت' : 'همین مسئول را داشت');
        else changes.push({ id: r.id, from: fieldsOf(r), to: { ...fieldsOf(r), assignee_id: to } });
      }
    } else {
      const to = Number(req.priority);
      for (const r of locked) {
        if (r.priority === to) skipped.push(`اولویتش از پیش «${ISSUE_PRIORITY_LABELS[req.priority!]}» بود`);
        else changes.push({ id: r.id, from: fieldsOf(r), to: { ...fieldsOf(r), priority: to } });
      }
    }
    const groups = groupChanges(req.verb, changes);
    await writeGroups(
      tx,
      groups.map((g) => ({ ids: g.ids, to: g.after })),
      now,
    );
    undo = { action: 'issue_bulk', verb: req.verb, groups };
    const action = req.verb === 'move' ? `bulk_${req.move!.type.toLowerCase()}` : `bulk_${req.verb}`;
    audits = auditBatches(
      action,
      changes.map((c) => ({ id: c.id, before: shown(req.verb, c.from), after: shown(req.verb, c.to) })),
      req.verb === 'move' && req.move!.note ? { ...tag, note: req.move!.note } : tag,
    );
    changed = changes.length;
  }

  const reasons = tally(skipped);
  if (changed === 0)
    throw invalid(
      { verb: [reasons[0]?.reason ?? 'هیچ موضوعی تغییر نکرد'] },
      ids.length === 1
        ? reasons[0]?.reason
        : `هیچ‌یک از ${ids.length.toLocaleString('fa-IR')} موضوع تغییر نکرد`,
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

/**
 * Reverts an issues' bulk operation (`u`) in `tx`: each issue whose fields of the verb (see
 * `owned`) are still what it left gets them back (its version bumped again); an issue whose fields
 * were changed since is left as it is (the later change wins). Labels set are removed, labels removed are set again with their first
 * date (409 when the label has been deleted since). Gives the audit batches (`undo_…`).
 */
export async function revertIssueBulk(
  tx: Db,
  u: IssueBulkUndo,
  tag: Record<string, unknown>,
  now: Date,
): Promise<AuditBatch[]> {
  if (u.label) {
    const l = u.label;
    if (u.verb === 'label') {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`DELETE FROM entity_labels WHERE label_id = ${l.id} AND entity_type = 'issue'
            AND entity_id = ANY(${ints(l.ids)}) RETURNING entity_id AS id`,
      );
      const ids = rows.map((r) => Number(r.id));
      return ids.length
        ? [
            {
              action: 'undo_label',
              entity: 'issue',
              entityIds: ids,
              before: { ...tag, label: l.name },
              after: { ...tag, label: null },
            },
          ]
        : [];
    }
    const [label] = await queryRows(tx, sql`SELECT id FROM labels WHERE id = ${l.id}`);
    if (!label)
      throw new HttpError(409, 'برچسب این عملیات در این فاصله حذف شده است و نمی‌توان آن را برگرداند');
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
          SELECT ${l.id}::int, 'issue', x.id, x.at::timestamptz
          FROM unnest(${ints(l.ids)}, ${sql.param(l.at ?? [])}::text[]) AS x(id, at)
          WHERE EXISTS (SELECT 1 FROM issues WHERE id = x.id)
          ON CONFLICT DO NOTHING RETURNING entity_id AS id`,
    );
    const ids = rows.map((r) => Number(r.id));
    return ids.length
      ? [
          {
            action: 'undo_unlabel',
            entity: 'issue',
            entityIds: ids,
            before: { ...tag, label: null },
            after: { ...tag, label: l.name },
          },
        ]
      : [];
  }
  const groups = u.groups ?? [];
  if (groups.length === 0) return [];
  const current = new Map(
    (
      await lockIssues(
        tx,
        groups.flatMap((g) => g.ids),
      )
    ).map((r) => [r.id, r]),
  );
  // each group's issues whose own fields are still what the verb left go back to what they were
  const back = groups.map((g) => ({
    ...g,
    ids: g.ids.filter((id) => {
      const now = current.get(id);
      return now !== undefined && sameOwned(u.verb, now, g.after);
    }),
  }));
  await writeGroups(
    tx,
    back.map((g) => ({ ids: g.ids, to: owned(u.verb, g.before) })),
    now,
  );
  return auditBatches(
    `undo_${u.verb}`,
    back.flatMap((g) =>
      g.ids.map((id) => ({
        id,
        before: shown(u.verb, { ...current.get(id)!, ...g.after } as IssueFields),
        after: shown(u.verb, { ...current.get(id)!, ...g.before } as IssueFields),
      })),
    ),
    tag,
  );
}

/** The permission undoing an issues' operation needs (its entity type → permission). */
export const ISSUE_BULK_PERMISSION: Readonly<Record<string, string>> = { issue: 'issues' };
