import type { Link, OwnershipGraph } from './graph.ts';
import { stateShares } from './integrated.ts';

/**
 * Control and the state's class of a company (issue 17, "Analytics": "State share" and
 * "Ultimate controller").
 *
 * Control rule. shared/GLOSSARY.md ("Ownership and governance", ultimate controller): "the owner
 * whose chain of majority (>50%) holdings reaches the company". La Porta, Lopez-de-Silanes &
 * Shleifer (1999, "Corporate ownership around the world", J. Finance 54(2): 471–517, §I) follow
 * control up chains of holdings each above a threshold (they use 20% and 10%) to the ultimate
 * owner; here the threshold is the glossary's 50% by default (configurable), and, as issue 17
 * asks ("direct or combined through entities already controlled"), a holder's votes in a company
 * are its own plus those of the entities it already controls. Hence, with threshold t (default
 * CONTROL_THRESHOLD):
 *     h controls j  ⇔  A[h][j] + Σ_{k controlled by h} A[k][j] > t,
 * the least set closed under this rule (computed by a work list that only ever adds: a fixed
 * point). Control is transitive: whoever controls h controls what h controls. A link of unknown
 * share counts 0 and is reported among `unknownLinks` when it enters the company.
 *
 * Ultimate controller of c: the controllers of c that no other controller of c controls.
 *   - one: { kind: 'controller' } with the combined share and the control path;
 *   - several (possible only with t < 50%): { kind: 'tie' };
 *   - none at the top because controllers control each other in a circle:
 *     { kind: 'tie', circular: true } naming the circle;
 *   - no controller at all: { kind: 'none' }, with the largest direct holders (several when
 *     their shares are equal, e.g. a 50/50 split at t = 50%).
 */

export const CONTROL_THRESHOLD = 0.5;
/** State-owned: the state's integrated share is above this (issue 17: "> 50%"). */
export const STATE_OWNED_ABOVE = 0.5;
/** State-affiliated: the state's integrated share is above this (and ≤ STATE_OWNED_ABOVE), or the state controls the company. */
export const STATE_AFFILIATED_ABOVE = 0;

const SHARE_EPSILON = 1e-12;

/**
 * The entities controlled by the set `owners` taken as one owner (a single holder, or the state),
 * with the combined share each is held by `owners` and what they control.
 */
export function controlledBy(
  g: OwnershipGraph,
  owners: Iterable<string>,
  threshold = CONTROL_THRESHOLD,
): Map<string, number> {
  // maps, not arrays of the graph's size: the work is proportional to what the owners reach
  // through control, which ultimateController relies on when it asks every holder upward
  const held = new Map<number, number>();
  const isOwner = new Set<number>();
  const isControlled = new Set<number>();
  const queue: number[] = [];
  for (const id of owners) {
    const i = g.index.get(id);
    if (i !== undefined && !isOwner.has(i)) {
      isOwner.add(i);
      queue.push(i);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const k = queue[q]!;
    const to = g.outTo[k]!;
    for (let e = 0; e < to.length; e++) {
      const j = to[e]!;
      const s = g.outShare[k]![e]!;
      if (Number.isNaN(s) || isOwner.has(j)) continue;
      const total = (held.get(j) ?? 0) + s;
      held.set(j, total);
      if (!isControlled.has(j) && total > threshold + SHARE_EPSILON) {
        isControlled.add(j);
        queue.push(j);
      }
    }
  }
  const controlled = new Map<string, number>();
  for (const j of isControlled) controlled.set(g.ids[j]!, held.get(j)!);
  return controlled;
}

export type ControlResult =
  | {
      kind: 'controller';
      controller: string;
      /** the controller's combined share of the company: direct plus through entities it controls */
      share: number;
      /** the controller, the entities it controls along one chain, and the company */
      path: string[];
      unknownLinks: Link[];
    }
  | { kind: 'tie'; candidates: { holder: string; share: number }[]; circular: boolean; unknownLinks: Link[] }
  | { kind: 'none'; largest: { holder: string; share: number }[]; unknownLinks: Link[] };

/** The ultimate controller of `company` (module comment). */
export function ultimateController(
  g: OwnershipGraph,
  company: string,
  { threshold = CONTROL_THRESHOLD }: { threshold?: number } = {},
): ControlResult {
  const c = g.index.get(company);
  if (c === undefined) return { kind: 'none', largest: [], unknownLinks: [] };
  const unknownLinks: Link[] = [];
  g.inFrom[c]!.forEach((h, e) => {
    if (Number.isNaN(g.inShare[c]![e]!)) unknownLinks.push({ holder: g.ids[h]!, company });
  });
  // every holder upward of c is a candidate
  const n = g.ids.length;
  const seen = new Uint8Array(n);
  const up = [...g.inFrom[c]!];
  for (const v of up) seen[v] = 1;
  for (let q = 0; q < up.length; q++)
    for (const w of g.inFrom[up[q]!]!)
      if (!seen[w]) {
        seen[w] = 1;
        up.push(w);
      }
  const controls = new Map<string, Map<string, number>>();
  for (const h of up) {
    if (h === c) continue;
    const m = controlledBy(g, [g.ids[h]!], threshold);
    if (m.has(company)) controls.set(g.ids[h]!, m);
  }
  const K = [...controls.keys()];
  const controlsOf = (a: string, b: string) => controls.get(a)!.has(b);
  const top = K.filter((h) => !K.some((o) => o !== h && controlsOf(o, h)));
  const entry = (h: string) => ({ holder: h, share: controls.get(h)!.get(company)! });
  if (top.length === 1) {
    const u = top[0]!;
    return {
      kind: 'controller',
      controller: u,
      share: entry(u).share,
      path: controlPath(g, u, c, controls.get(u)!),
      unknownLinks,
    };
  }
  if (top.length > 1) return { kind: 'tie', candidates: top.map(entry), circular: false, unknownLinks };
  if (K.length) {
    const circle = K.filter((h) => K.every((o) => o === h || !controlsOf(o, h) || controlsOf(h, o)));
    return { kind: 'tie', candidates: circle.map(entry), circular: true, unknownLinks };
  }
  let best = 0;
  const direct = new Map<string, number>();
  g.inFrom[c]!.forEach((h, e) => {
    const s = g.inShare[c]![e]!;
    if (!Number.isNaN(s)) direct.set(g.ids[h]!, (direct.get(g.ids[h]!) ?? 0) + s);
  });
  for (const s of direct.values()) best = Math.max(best, s);
  const largest = [...direct]
    .filter(([, s]) => Math.abs(s - best) <= SHARE_EPSILON)
    .map(([holder, share]) => ({ holder, share }));
  return { kind: 'none', largest, unknownLinks };
}

/** Shortest chain from u to c through entities u controls (breadth first). */
function controlPath(g: OwnershipGraph, u: string, c: number, ctl: Map<string, number>): string[] {
  const start = g.index.get(u)!;
  const prev = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of g.outTo[v]!) {
      if (prev.has(w)) continue;
      if (w !== c && !ctl.has(g.ids[w]!)) continue;
      prev.set(w, v);
      if (w === c) {
        const path: string[] = [];
        for (let x = c; x !== -1; x = prev.get(x)!) path.push(g.ids[x]!);
        return path.reverse();
      }
      queue.push(w);
    }
  }
  return [u, g.ids[c]!];
}

export type StateClass = 'state-owned' | 'state-affiliated' | 'private';

export type StateClassification = {
  /** null when the state's share is not computable and the state does not control the company */
  class: StateClass | null;
  /** the state's integrated share; null when not computable */
  share: number | null;
  /** the state (the set of state entities as one owner) controls the company */
  controlled: boolean;
  unknownLinks: Link[];
};

/**
 * Classes one company by the state's integrated share s and state control (issue 17, "State
 * share"): state-owned when s > STATE_OWNED_ABOVE; state-affiliated when STATE_AFFILIATED_ABOVE
 * < s ≤ STATE_OWNED_ABOVE, or when the state controls it; private otherwise. When s is not
 * computable, a company the state controls is at least state-affiliated (and is said so, with
 * the unknown links); otherwise its class is null (not computable), never guessed.
 */
export function classOfStateShare(share: number | null, controlled: boolean): StateClass | null {
  if (share === null) return controlled ? 'state-affiliated' : null;
  if (share > STATE_OWNED_ABOVE) return 'state-owned';
  if (share > STATE_AFFILIATED_ABOVE || controlled) return 'state-affiliated';
  return 'private';
}

/**
 * The class of every company of the graph (every node with a holder, state entities excluded:
 * they are the state), from the state-share vector (integrated.ts, stateShares) and the set of
 * entities the state controls (controlledBy with the state entities as one owner).
 */
export function stateClasses(
  g: OwnershipGraph,
  stateIds: readonly string[],
  { threshold = CONTROL_THRESHOLD }: { threshold?: number } = {},
): Map<string, StateClassification> {
  const shares = stateShares(g, stateIds);
  const controlled = controlledBy(g, stateIds, threshold);
  const state = new Set(stateIds);
  const out = new Map<string, StateClassification>();
  g.ids.forEach((id, j) => {
    if (state.has(id) || g.inFrom[j]!.length === 0) return;
    const v = shares.vector[j]!;
    const share = Number.isNaN(v) ? null : v;
    const isControlled = controlled.has(id);
    out.set(id, {
      class: classOfStateShare(share, isControlled),
      share,
      controlled: isControlled,
      unknownLinks: shares.notComputable.get(id) ?? [],
    });
  });
  return out;
}
