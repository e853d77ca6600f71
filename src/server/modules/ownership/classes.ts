import { sql } from 'drizzle-orm';
import type { StateClassCode } from '../../../contract/ownership.ts';
import { todayIso } from '../../../domain/jalali.ts';
import type { StateClassification } from '../../../domain/ownership/control.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { ownershipOn, parseKey } from './store.ts';

/**
 * Each company's state class as of today, kept in `company_state_class` so that every list can
 * show and filter it (issue 17: "the class shows wherever a company appears … and filters every
 * list"). A legal person without a row is private (no holder reaches it from the state).
 */

/** The class code of a legal person: a state entity, or its classification (null: not computable). */
export function classCode(isStateEntity: boolean, c: StateClassification | undefined): StateClassCode {
  if (isStateEntity) return 'state';
  if (!c) return 'private';
  return c.class ?? 'unknown';
}

/**
 * The list's SQL for a legal person's class (alias `lp`): the stored class, 'private' without one.
 * Static text, read by the persons list's description.
 */
export const STATE_CLASS_SQL = `COALESCE((SELECT csc.state_class FROM company_state_class csc WHERE csc.company_id = lp.id), 'private')`;
/** The stored state share (fraction) of a legal person, null without one. */
export const STATE_SHARE_SQL = `(SELECT csc.state_share FROM company_state_class csc WHERE csc.company_id = lp.id)`;

/**
 * Recomputes company_state_class for `day` (today by default) from the graph of that day, in
 * one statement pair inside `db` (call it inside the transaction of a change of holdings).
 * Returns the number of rows written.
 */
export async function refreshStateClasses(db: Db, day: string = todayIso()): Promise<number> {
  const { snapshot, onDay } = await ownershipOn(db, day);
  const classes = onDay.classes();
  const state = new Set(snapshot.stateIds);
  const ids: number[] = [];
  const shares: (number | null)[] = [];
  const codes: string[] = [];
  const controlled: boolean[] = [];
  const seen = new Set<string>();
  const add = (key: string) => {
    if (seen.has(key) || key[0] !== 'L') return;
    seen.add(key);
    const c = classes.get(key);
    ids.push(parseKey(key).id);
    shares.push(state.has(key) ? null : (c?.share ?? null));
    codes.push(classCode(state.has(key), c));
    controlled.push(c?.controlled ?? false);
  };
  for (const key of snapshot.stateIds) add(key);
  for (const key of classes.keys()) add(key);
  await db.execute(sql`DELETE FROM company_state_class`);
  if (ids.length)
    await db.execute(sql`INSERT INTO company_state_class (company_id, state_share, state_class, controlled, computed_for)
      SELECT u.id, u.share, u.code, u.ctl, ${day}::date
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(shares)}::numeric[], ${sql.param(codes)}::text[], ${sql.param(controlled)}::bool[]) AS u(id, share, code, ctl)`);
  await db.execute(
    sql`UPDATE ownership_version SET classes_version = version, classes_day = ${day}::date WHERE id = 1`,
  );
  return ids.length;
}

/**
 * Recomputes the classes when the holdings changed since they were computed, or the day did
 * (a holding starts or ends): run at start and every few minutes by the server.
 */
export async function refreshStateClassesIfStale(db: Db, day: string = todayIso()): Promise<boolean> {
  const [row] = await queryRows<{ stale: boolean }>(
    db,
    sql`SELECT classes_version <> version OR classes_day IS DISTINCT FROM ${day}::date AS stale FROM ownership_version`,
  );
  if (!row?.stale) return false;
  await db.transaction(async (tx) => {
    await refreshStateClasses(tx as unknown as Db, day);
  });
  return true;
}
