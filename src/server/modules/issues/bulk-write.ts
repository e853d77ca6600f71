import { type SQL, sql } from 'drizzle-orm';
import type { IssueBulkVerb } from '../../../contract/issues.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { FIELD_TYPES, type IssueFields, ints, ownedKeys } from './bulk-fields.ts';

/**
 * The writing of a triage verb and of its undo: every group of issues with its own new values, in
 * one UPDATE (the groups travel as one JSON parameter, joined to `issues` by primary key).
 */

/** Issues to give the same values of the fields a verb owns. */
export interface GroupWrite {
  ids: readonly number[];
  /** The new values: every field the verb owns. */
  to: Partial<IssueFields>;
  /** Only the issues whose fields the verb owns are still these (the undo's test); all of `ids` when absent. */
  when?: Partial<IssueFields>;
}

/**
 * Locks issues `ids` in id order (as the verb took them, so a verb and an undo at once cannot
 * deadlock) without reading them back → how many exist.
 */
export async function lockIds(tx: Db, ids: readonly number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT id FROM issues WHERE id = ANY(${ints(ids)}) ORDER BY id FOR UPDATE) AS locked`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Writes `groups` (issues locked by the caller) in one UPDATE: each group's issues get its `to`
 * values of the fields `verb` owns (only those whose fields are still `when`, when given), their
 * version bumped and `updated_at` = `now`; an assignee change clears `assignee_seen_at` (the new
 * assignee has not seen it). → the ids written, per group (ascending; `[]` for a group of none).
 */
export async function writeGroups(
  tx: Db,
  verb: IssueBulkVerb,
  groups: readonly GroupWrite[],
  now: Date,
): Promise<number[][]> {
  const written: number[][] = groups.map(() => []);
  const keys = ownedKeys(verb);
  const conditional = groups.some((g) => g.when);
  const payload = groups.flatMap((g, k) => {
    if (g.ids.length === 0) return [];
    const row: Record<string, unknown> = { k, ids: g.ids };
    for (const f of keys) {
      row[`to_${f}`] = g.to[f] ?? null;
      if (conditional) row[`was_${f}`] = g.when?.[f] ?? null;
    }
    return [row];
  });
  if (payload.length === 0) return written;
  const columns = sql.raw(
    [
      'k int',
      'ids int[]',
      ...keys.map((f) => `to_${f} ${FIELD_TYPES[f]}`),
      ...(conditional ? keys.map((f) => `was_${f} ${FIELD_TYPES[f]}`) : []),
    ].join(', '),
  );
  const sets: SQL[] = keys.map((f) => sql.raw(`${f} = g.to_${f}`));
  if (keys.includes('assignee_id'))
    sets.unshift(
      sql.raw(
        'assignee_seen_at = CASE WHEN i.assignee_id IS DISTINCT FROM g.to_assignee_id THEN NULL ELSE i.assignee_seen_at END',
      ),
    );
  const still = conditional
    ? sql.raw(keys.map((f) => ` AND i.${f} IS NOT DISTINCT FROM g.was_${f}`).join(''))
    : sql``;
  const rows = await queryRows<{ k: number; ids: number[] }>(
    tx,
    sql`WITH written AS (
          UPDATE issues i SET ${sql.join(sets, sql`, `)}, version = i.version + 1,
            updated_at = ${now.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS g(${columns}), unnest(g.ids) AS x(id)
          WHERE i.id = x.id${still}
          RETURNING g.k, i.id)
        SELECT k, array_agg(id ORDER BY id) AS ids FROM written GROUP BY k`,
  );
  for (const r of rows) written[Number(r.k)] = r.ids.map(Number);
  return written;
}
