import { type SQL, sql } from 'drizzle-orm';
import type { IssueBulkVerb, IssueMoveInput } from '../../../contract/issues.ts';
import type { IssueState } from '../../../domain/issues/issue-status.ts';
import type { AuditBatch } from '../../http/mutation.ts';

/**
 * The shapes shared by the issues' triage verbs (bulk.ts), their writing (bulk-write.ts) and their
 * undo (bulk-undo.ts): the fields a verb owns, what is stored for undo, how the audit trail shows
 * a change.
 */

/** The issue fields a verb changes and its undo restores (the stored status context, assignee, priority). */
export interface IssueFields {
  status: IssueState;
  duplicate_of: number | null;
  decline_reason: string | null;
  /** ISO day `YYYY-MM-DD`. */
  snoozed_until: string | null;
  snoozed_from: IssueState | null;
  assignee_id: number | null;
  /** 1 (urgent) to 4. */
  priority: number;
}

/** Issues whose fields a verb owns (see `ownedKeys`) were the same before it and are the same after. */
export interface ChangeGroup {
  /** Ascending. */
  ids: number[];
  before: Partial<IssueFields>;
  after: Partial<IssueFields>;
}

/**
 * What undo needs (stored as JSON in `bulk_operations.undo`): each changed issue's fields before
 * and after the verb. Undo gives an issue back the verb's own fields (a move's status fields, the
 * assignee, the priority) only while they are still what the verb left: a later change of them
 * wins, while the undo of a later verb on other fields does not stand in the way (undoing in order
 * works). assignment-notice.ts reads `groups[].ids` of a stored `assign`.
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

/** The SQL type of each field (as `jsonb_to_recordset` reads it and the column stores it). */
export const FIELD_TYPES: Readonly<Record<keyof IssueFields, string>> = {
  status: 'text',
  duplicate_of: 'int',
  decline_reason: 'text',
  snoozed_until: 'date',
  snoozed_from: 'text',
  assignee_id: 'int',
  priority: 'smallint',
};

const MOVE_KEYS = ['status', 'duplicate_of', 'decline_reason', 'snoozed_until', 'snoozed_from'] as const;

/** The fields `verb` owns, in a fixed order: what it changes and what its undo gives back. */
export function ownedKeys(verb: IssueBulkVerb): readonly (keyof IssueFields)[] {
  if (verb === 'assign') return ['assignee_id'];
  if (verb === 'priority') return ['priority'];
  return MOVE_KEYS;
}

/** The fields of `f` that `verb` owns (see `ownedKeys`); a field `f` lacks is `undefined`. */
export function owned(verb: IssueBulkVerb, f: Partial<IssueFields>): Partial<IssueFields> {
  const out: Record<string, unknown> = {};
  for (const k of ownedKeys(verb)) out[k] = f[k];
  return out as Partial<IssueFields>;
}

/** `i.<field>` as a verb reads it: a day as text, the rest as stored. */
export const fieldSql = (k: keyof IssueFields): SQL =>
  sql.raw(k === 'snoozed_until' ? `i.snoozed_until::text AS snoozed_until` : `i.${k}`);

/** `ids` as an `int[]` parameter. */
export const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** The fields of `f` a verb shows in the audit trail (a move its status fields, assign the assignee …). */
export function shown(verb: IssueBulkVerb, f: Partial<IssueFields>): Record<string, unknown> {
  if (verb === 'assign') return { assignee_id: f.assignee_id };
  if (verb === 'priority') return { priority: String(f.priority) };
  return {
    status: f.status,
    duplicate_of: f.duplicate_of,
    decline_reason: f.decline_reason,
    snoozed_until: f.snoozed_until,
  };
}

/**
 * The audit batches of `action` on the issues of `groups` (`before` → `after` each): one per
 * distinct pair as the trail shows it (`shown`), its ids ascending, tagged with `tag` (the
 * operation, a move's note); in the order of each pair's first issue when `groups` come so.
 */
export function auditBatches(
  action: string,
  verb: IssueBulkVerb,
  groups: readonly ChangeGroup[],
  tag: Record<string, unknown>,
): AuditBatch[] {
  const batches = new Map<string, { ids: number[]; before: object; after: object; merged: boolean }>();
  for (const g of groups) {
    if (g.ids.length === 0) continue;
    const before = shown(verb, g.before);
    const after = shown(verb, g.after);
    const key = JSON.stringify([before, after]);
    const b = batches.get(key);
    if (b) {
      b.ids = b.ids.concat(g.ids);
      b.merged = true;
    } else batches.set(key, { ids: g.ids, before, after, merged: false });
  }
  return [...batches.values()].map((b) => ({
    action,
    entity: 'issue',
    entityIds: b.merged ? b.ids.sort((x, y) => x - y) : b.ids,
    before: { ...tag, ...b.before },
    after: { ...tag, ...b.after },
  }));
}

/** The audit action of a verb: `bulk_accept` for a move ACCEPT, `bulk_assign` … */
export const bulkAction = (req: IssueBulkRequest) =>
  req.verb === 'move' ? `bulk_${req.move!.type.toLowerCase()}` : `bulk_${req.verb}`;
