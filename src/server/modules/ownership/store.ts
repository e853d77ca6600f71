import { sql } from 'drizzle-orm';
import { todayIso } from '../../../domain/jalali.ts';
import { type DatedHolding, holdingsOn } from '../../../domain/ownership/as-of.ts';
import { type StateClassification, stateClasses } from '../../../domain/ownership/control.ts';
import {
  buildOwnershipGraph,
  type Holding,
  type OwnershipDataError,
  type OwnershipGraph,
} from '../../../domain/ownership/graph.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * The ownership graph as the server computes with it: every direct holding between live persons
 * (deleted companies and holders left out), read once and kept until the database's
 * `ownership_version` moves (a trigger moves it on any change of shareholdings, of the state
 * flag, or of a person's deletion: migration 0014), and the graph of each date asked, built from
 * the holdings valid that day (domain/ownership/as-of.ts).
 *
 * Node keys: `L<id>` for a legal person, `T<id>` for a true person.
 *
 * Data errors (domain/ownership/graph.ts) do not stop the figures of the rest of the portfolio:
 * the links they involve are taken as links of unknown share (a share out of range; every holding
 * of an over-held company; the holdings inside a divergent cycle), so every figure that needs them
 * is "not computable" with the link named, and the errors are answered beside the figures.
 */

export const legalKey = (id: number) => `L${id}`;
export const trueKey = (id: number) => `T${id}`;
export const holderKey = (type: 'legal' | 'true', id: number) =>
  type === 'legal' ? legalKey(id) : trueKey(id);
/** The type and id of a node key. */
export function parseKey(key: string): { type: 'legal' | 'true'; id: number } {
  return { type: key[0] === 'L' ? 'legal' : 'true', id: Number(key.slice(1)) };
}

/** A stored holding as the graph reads it: keys, share (fraction; null: unknown), validity. */
export type StoredHolding = DatedHolding & {
  id: number;
  directness: 'direct' | 'indirect';
};

export type OwnershipSnapshot = {
  version: string;
  /** direct holdings (the graph's links) */
  direct: StoredHolding[];
  /** declared indirect interests (imported): shown beside the computed figures, never links */
  indirect: StoredHolding[];
  /** the state entities (keys) */
  stateIds: string[];
};

export type OwnershipOnDay = {
  day: string;
  graph: OwnershipGraph;
  /** the holdings the graph was built from (valid on the day), after the data errors were set aside */
  holdings: Holding[];
  issues: OwnershipDataError[];
  /** each company's state class on the day (threshold 50%), computed when first asked */
  classes(): Map<string, StateClassification>;
};

type Cache = { version: string; snapshot: OwnershipSnapshot; days: Map<string, OwnershipOnDay> };
/** One cache per database (tests run several apps in one process). */
const caches = new WeakMap<object, Promise<Cache>>();
const MAX_DAYS = 8;

async function currentVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`SELECT version::text AS version FROM ownership_version`,
  );
  return row?.version ?? '0';
}

async function loadSnapshot(db: Db, version: string): Promise<OwnershipSnapshot> {
  const rows = await queryRows<{
    id: number;
    company_id: number;
    holder_type: 'legal' | 'true';
    holder_id: number;
    share: number | null;
    valid_from: string | null;
    valid_to: string | null;
    directness: 'direct' | 'indirect';
  }>(
    db,
    sql`SELECT sh.id, sh.company_id, sh.holder_type, COALESCE(sh.holder_legal_id, sh.holder_true_id) AS holder_id,
          sh.percentage::float8 AS share, sh.valid_from::text AS valid_from, sh.valid_to::text AS valid_to,
          sh.directness
        FROM shareholdings sh
        JOIN legal_persons c ON c.id = sh.company_id AND c.deleted_at IS NULL
        LEFT JOIN legal_persons hl ON hl.id = sh.holder_legal_id
        LEFT JOIN true_persons ht ON ht.id = sh.holder_true_id
        WHERE (sh.holder_type = 'legal' AND hl.id IS NOT NULL AND hl.deleted_at IS NULL)
           OR (sh.holder_type = 'true' AND ht.id IS NOT NULL AND ht.deleted_at IS NULL)
        ORDER BY sh.id`,
  );
  const state = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM legal_persons WHERE is_state_entity AND deleted_at IS NULL ORDER BY id`,
  );
  const direct: StoredHolding[] = [];
  const indirect: StoredHolding[] = [];
  for (const r of rows) {
    const h: StoredHolding = {
      id: r.id,
      holder: holderKey(r.holder_type, r.holder_id),
      company: legalKey(r.company_id),
      share: r.share === null ? null : Number(r.share),
      validFrom: r.valid_from,
      validTo: r.valid_to,
      directness: r.directness,
    };
    (r.directness === 'indirect' ? indirect : direct).push(h);
  }
  return { version, direct, indirect, stateIds: state.map((s) => legalKey(s.id)) };
}

/** Builds the graph, setting aside (as unknown shares) the links that data errors involve. */
export function buildTolerant(holdings: readonly Holding[]): {
  graph: OwnershipGraph;
  holdings: Holding[];
  issues: OwnershipDataError[];
} {
  let current = holdings.slice();
  const issues: OwnershipDataError[] = [];
  for (let round = 0; round < 10; round++) {
    const r = buildOwnershipGraph(current);
    if (r.ok) return { graph: r.graph, holdings: current, issues };
    issues.push(...r.errors);
    const unknown = (pred: (h: Holding) => boolean) => {
      current = current.map((h) => (h.share !== null && pred(h) ? { ...h, share: null } : h));
    };
    for (const e of r.errors) {
      if (e.kind === 'share-out-of-range') unknown((h) => h.holder === e.holder && h.company === e.company);
      else if (e.kind === 'over-held') unknown((h) => h.company === e.company);
      else {
        const inCycle = new Set(e.cycle);
        unknown((h) => inCycle.has(h.company) && inCycle.has(h.holder));
      }
    }
  }
  throw new Error('ownership graph: data errors could not be set aside');
}

function onDay(snapshot: OwnershipSnapshot, day: string): OwnershipOnDay {
  const valid = holdingsOn(snapshot.direct, day).map(({ holder, company, share }) => ({
    holder,
    company,
    share,
  }));
  const built = buildTolerant(valid);
  let classes: Map<string, StateClassification> | undefined;
  return {
    day,
    ...built,
    classes() {
      classes ??= stateClasses(built.graph, snapshot.stateIds);
      return classes;
    },
  };
}

/** The snapshot of the holdings (reloaded when the database's ownership version has moved). */
export async function ownershipSnapshot(db: Db): Promise<OwnershipSnapshot> {
  return (await cacheOf(db)).snapshot;
}

async function cacheOf(db: Db): Promise<Cache> {
  const version = await currentVersion(db);
  const held = caches.get(db);
  if (held) {
    const c = await held.catch(() => null);
    if (c && c.version === version) return c;
  }
  const loading = loadSnapshot(db, version).then((snapshot) => ({ version, snapshot, days: new Map() }));
  caches.set(db, loading);
  return loading;
}

/** The graph of `day` (ISO; today when omitted), with the snapshot it was built from. */
export async function ownershipOn(
  db: Db,
  day: string = todayIso(),
): Promise<{ snapshot: OwnershipSnapshot; onDay: OwnershipOnDay }> {
  const cache = await cacheOf(db);
  let d = cache.days.get(day);
  if (!d) {
    d = onDay(cache.snapshot, day);
    if (cache.days.size >= MAX_DAYS) cache.days.delete(cache.days.keys().next().value!);
    cache.days.set(day, d);
  }
  return { snapshot: cache.snapshot, onDay: d };
}
