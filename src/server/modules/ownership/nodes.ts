import { sql } from 'drizzle-orm';
import type { OwnershipNode } from '../../../contract/ownership.ts';
import type { Link, OwnershipDataError } from '../../../domain/ownership/graph.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { classCode } from './classes.ts';
import { type OwnershipOnDay, type OwnershipSnapshot, parseKey } from './store.ts';

/**
 * Names the nodes an answer mentions (contract/ownership.ts `OwnershipNode`), with each legal
 * person's state share and class on the day of `onDay`. Keys of persons that no longer exist are
 * named by their key (a holding of a deleted person is left out of the graph, so this is rare).
 */
export async function describeNodes(
  db: Db,
  keys: Iterable<string>,
  snapshot: OwnershipSnapshot,
  onDay: OwnershipOnDay,
): Promise<Map<string, OwnershipNode>> {
  const legal: number[] = [];
  const natural: number[] = [];
  for (const key of new Set(keys)) (key[0] === 'L' ? legal : natural).push(parseKey(key).id);
  const [legalRows, trueRows] = await Promise.all([
    legal.length
      ? queryRows<{ id: number; name: string; ticker: string | null; is_state_entity: boolean }>(
          db,
          sql`SELECT id, name, ticker, is_state_entity FROM legal_persons WHERE id = ANY(${sql.param(legal)}::int[])`,
        )
      : [],
    natural.length
      ? queryRows<{ id: number; name: string }>(
          db,
          sql`SELECT id, first_name || ' ' || last_name AS name FROM true_persons WHERE id = ANY(${sql.param(natural)}::int[])`,
        )
      : [],
  ]);
  const state = new Set(snapshot.stateIds);
  const classes = onDay.classes();
  const out = new Map<string, OwnershipNode>();
  for (const r of legalRows) {
    const key = `L${r.id}`;
    const c = classes.get(key);
    const isState = state.has(key);
    out.set(key, {
      key,
      type: 'legal',
      id: r.id,
      name: r.name,
      ticker: r.ticker,
      state_share: isState ? null : c ? c.share : 0,
      state_class: classCode(isState, c),
      is_state_entity: r.is_state_entity,
    });
  }
  for (const r of trueRows) {
    const key = `T${r.id}`;
    out.set(key, {
      key,
      type: 'true',
      id: r.id,
      name: r.name,
      ticker: null,
      state_share: null,
      state_class: null,
      is_state_entity: false,
    });
  }
  return out;
}

/** The node of `key` from `names`, or a placeholder named by its key. */
export function nodeOf(names: Map<string, OwnershipNode>, key: string): OwnershipNode {
  const found = names.get(key);
  if (found) return found;
  const { type, id } = parseKey(key);
  return {
    key,
    type,
    id,
    name: key,
    ticker: null,
    state_share: null,
    state_class: null,
    is_state_entity: false,
  };
}

/** The keys of links. */
export const linkKeys = (links: readonly Link[]) => links.flatMap((l) => [l.holder, l.company]);

/** Links with their ends named. */
export const namedLinks = (names: Map<string, OwnershipNode>, links: readonly Link[]) =>
  links.map((l) => ({ holder: nodeOf(names, l.holder), company: nodeOf(names, l.company) }));

/** The keys a data error involves. */
export function issueKeys(e: OwnershipDataError): string[] {
  if (e.kind === 'share-out-of-range') return [e.holder, e.company];
  if (e.kind === 'over-held') return [e.company];
  return e.cycle;
}

const ISSUE_TEXT: Record<OwnershipDataError['kind'], string> = {
  'share-out-of-range': 'درصد سهم خارج از بازه صفر تا صد است؛ این پیوند با سهم نامعلوم حساب شد',
  'over-held': 'جمع سهم سهامداران این شرکت بیش از صد درصد است؛ سهم‌های آن نامعلوم حساب شد',
  'divergent-cycle':
    'چرخه‌ای از سهامداری که هر شرکت آن را صد درصد از درون چرخه نگه می‌دارد؛ پیوندهای چرخه نامعلوم حساب شد',
};

/**
 * The data errors that touch any of `keys` (all when `keys` is null), named, in Persian. Each
 * reads which links were set aside (store.ts `buildTolerant`).
 */
export function namedIssues(
  names: Map<string, OwnershipNode>,
  issues: readonly OwnershipDataError[],
  keys: ReadonlySet<string> | null,
) {
  return issues
    .filter((e) => !keys || issueKeys(e).some((k) => keys.has(k)))
    .map((e) => ({
      kind: e.kind,
      message: ISSUE_TEXT[e.kind],
      nodes: issueKeys(e).map((k) => nodeOf(names, k)),
    }));
}
