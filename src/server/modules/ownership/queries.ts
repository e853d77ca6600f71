import { sql } from 'drizzle-orm';
import {
  type ChainsAnswer,
  type CompanyOwners,
  type ControllerAnswer,
  GRAPH_PAGE,
  type GraphEdgeAnswer,
  type GraphNodeAnswer,
  type GraphQueryValues,
  type HolderHoldings,
  type OwnershipGraphAnswer,
  type OwnershipNode,
} from '../../../contract/ownership.ts';
import { todayIso } from '../../../domain/jalali.ts';
import { isValidOn } from '../../../domain/ownership/as-of.ts';
import { chains } from '../../../domain/ownership/chains.ts';
import { type ControlResult, controlledBy, ultimateController } from '../../../domain/ownership/control.ts';
import type { OwnershipGraph } from '../../../domain/ownership/graph.ts';
import { holdingsOf, ownersOf } from '../../../domain/ownership/integrated.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { describeNodes, issueKeys, linkKeys, namedIssues, namedLinks, nodeOf } from './nodes.ts';
import { ownershipOn, parseKey } from './store.ts';

/**
 * The ownership answers (contract/ownership.ts), computed from the graph of the date asked
 * (store.ts) by the pure rules of domain/ownership. Each returns null when the node does not
 * exist (or is deleted), for the route's 404.
 */

/** A declared indirect interest and a computed figure disagree beyond this (0.01 percentage point). */
export const DISAGREEMENT = 1e-4;

/** Whether a legal or true person exists and is live. */
export async function nodeExists(db: Db, key: string): Promise<boolean> {
  const { type, id } = parseKey(key);
  const rows = await queryRows(
    db,
    type === 'legal'
      ? sql`SELECT 1 FROM legal_persons WHERE id = ${id} AND deleted_at IS NULL`
      : sql`SELECT 1 FROM true_persons WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return rows.length > 0;
}

/** Direct shares into `company` from the graph: holder → share (NaN: unknown), summed. */
function directInto(g: OwnershipGraph, company: string): Map<string, number> {
  const out = new Map<string, number>();
  const c = g.index.get(company);
  if (c === undefined) return out;
  g.inFrom[c]!.forEach((h, k) => {
    const key = g.ids[h]!;
    out.set(key, (out.get(key) ?? 0) + g.inShare[c]![k]!);
  });
  return out;
}

/** Direct shares held by `holder` from the graph: company → share (NaN: unknown). */
function directFrom(g: OwnershipGraph, holder: string): Map<string, number> {
  const out = new Map<string, number>();
  const h = g.index.get(holder);
  if (h === undefined) return out;
  g.outTo[h]!.forEach((c, k) => {
    const key = g.ids[c]!;
    out.set(key, (out.get(key) ?? 0) + g.outShare[h]![k]!);
  });
  return out;
}

function controllerKeys(r: ControlResult): string[] {
  const keys = r.unknownLinks.flatMap((l) => [l.holder, l.company]);
  if (r.kind === 'controller') return [...keys, r.controller, ...r.path];
  if (r.kind === 'tie') return [...keys, ...r.candidates.map((c) => c.holder)];
  return [...keys, ...r.largest.map((c) => c.holder)];
}

function namedController(names: Map<string, OwnershipNode>, r: ControlResult): ControllerAnswer {
  const unknown_links = namedLinks(names, r.unknownLinks);
  if (r.kind === 'controller')
    return {
      kind: 'controller',
      controller: nodeOf(names, r.controller),
      share: r.share,
      path: r.path.map((k) => nodeOf(names, k)),
      unknown_links,
    };
  if (r.kind === 'tie')
    return {
      kind: 'tie',
      candidates: r.candidates.map((c) => ({ holder: nodeOf(names, c.holder), share: c.share })),
      circular: r.circular,
      unknown_links,
    };
  return {
    kind: 'none',
    largest: r.largest.map((c) => ({ holder: nodeOf(names, c.holder), share: c.share })),
    unknown_links,
  };
}

const known = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);
const byFigure = (a: number | null, b: number | null) => (b ?? -1) - (a ?? -1);

/**
 * A company's holders on `day`: direct and integrated, the declared indirect interests beside
 * the computed figures, the ultimate controller at `threshold`, and the data errors around it.
 */
export async function companyOwners(
  db: Db,
  companyId: number,
  { day = todayIso(), threshold = 0.5 }: { day?: string; threshold?: number } = {},
): Promise<CompanyOwners | null> {
  const key = `L${companyId}`;
  if (!(await nodeExists(db, key))) return null;
  const { snapshot, onDay } = await ownershipOn(db, day);
  const g = onDay.graph;
  const owners = ownersOf(g, key);
  const direct = directInto(g, key);
  const declared = new Map<string, number | null>();
  for (const h of snapshot.indirect)
    if (h.company === key && isValidOn(h, day)) declared.set(h.holder, h.share);
  const controller = ultimateController(g, key, { threshold });
  const holderKeys = new Set([
    ...owners.figures.keys(),
    ...owners.notComputable.keys(),
    ...direct.keys(),
    ...declared.keys(),
  ]);
  holderKeys.delete(key);
  const related = new Set([key, ...holderKeys]);
  const names = await describeNodes(
    db,
    [
      ...related,
      ...[...owners.notComputable.values()].flatMap(linkKeys),
      ...controllerKeys(controller),
      ...onDay.issues.flatMap(issueKeys),
    ],
    snapshot,
    onDay,
  );
  const holders = [...holderKeys].map((h) => {
    const integrated = owners.notComputable.has(h) ? null : (owners.figures.get(h) ?? 0);
    const d = direct.get(h);
    const decl = declared.has(h) ? (declared.get(h) ?? null) : null;
    return {
      holder: nodeOf(names, h),
      direct: known(d),
      direct_unknown: d !== undefined && Number.isNaN(d),
      integrated,
      unknown_links: namedLinks(names, owners.notComputable.get(h) ?? []),
      declared_indirect: decl,
      disagrees: decl !== null && (integrated === null || Math.abs(decl - integrated) > DISAGREEMENT),
    };
  });
  holders.sort(
    (a, b) =>
      byFigure(a.integrated, b.integrated) || byFigure(a.direct, b.direct) || a.holder.id - b.holder.id,
  );
  return {
    company: nodeOf(names, key),
    as_of: day,
    threshold,
    controlled_by_state: onDay.classes().get(key)?.controlled ?? false,
    holders,
    controller: namedController(names, controller),
    data_issues: namedIssues(names, onDay.issues, related),
  };
}

/** What a legal or true person holds on `day`, directly and through chains, and what it controls. */
export async function holderHoldings(
  db: Db,
  key: string,
  { day = todayIso(), threshold = 0.5 }: { day?: string; threshold?: number } = {},
): Promise<HolderHoldings | null> {
  if (!(await nodeExists(db, key))) return null;
  const { snapshot, onDay } = await ownershipOn(db, day);
  const g = onDay.graph;
  const held = holdingsOf(g, key);
  const direct = directFrom(g, key);
  const controls = controlledBy(g, [key], threshold);
  const companyKeys = new Set([...held.figures.keys(), ...held.notComputable.keys(), ...direct.keys()]);
  companyKeys.delete(key);
  const names = await describeNodes(
    db,
    [key, ...companyKeys, ...[...held.notComputable.values()].flatMap(linkKeys)],
    snapshot,
    onDay,
  );
  const holdings = [...companyKeys].map((c) => {
    const d = direct.get(c);
    return {
      company: nodeOf(names, c),
      direct: known(d),
      direct_unknown: d !== undefined && Number.isNaN(d),
      integrated: held.notComputable.has(c) ? null : (held.figures.get(c) ?? 0),
      unknown_links: namedLinks(names, held.notComputable.get(c) ?? []),
      controls: controls.has(c),
    };
  });
  holdings.sort((a, b) => byFigure(a.integrated, b.integrated) || a.company.id - b.company.id);
  return {
    holder: nodeOf(names, key),
    as_of: day,
    threshold,
    holdings,
    data_issues: namedIssues(names, onDay.issues, new Set([key, ...companyKeys])),
  };
}

/**
 * The chains behind one integrated figure (contract/ownership.ts `chainsAnswer`): the simple
 * chains, largest first (domain/ownership/chains.ts), and what walks round cycles add beyond
 * them (`rest`), so that the chains and the rest add up to the figure.
 */
export async function figureChains(
  db: Db,
  holder: string,
  company: string,
  { day = todayIso(), limit = 20 }: { day?: string; limit?: number } = {},
): Promise<ChainsAnswer | null> {
  if (!(await nodeExists(db, holder)) || !(await nodeExists(db, company))) return null;
  const { snapshot, onDay } = await ownershipOn(db, day);
  const g = onDay.graph;
  const owners = ownersOf(g, company);
  const integrated =
    holder === company || owners.notComputable.has(holder) ? null : (owners.figures.get(holder) ?? 0);
  const found = chains(g, holder, company, { limit });
  const names = await describeNodes(
    db,
    [holder, company, ...found.chains.flatMap((c) => [...c.nodes, ...linkKeys(c.unknownLinks)])],
    snapshot,
    onDay,
  );
  const allKnown = found.chains.every((c) => c.product !== null);
  const sum = found.chains.reduce((s, c) => s + (c.product ?? 0), 0);
  return {
    holder: nodeOf(names, holder),
    company: nodeOf(names, company),
    as_of: day,
    integrated,
    chains: found.chains.map((c) => ({
      nodes: c.nodes.map((k) => nodeOf(names, k)),
      product: c.product,
      unknown_links: namedLinks(names, c.unknownLinks),
    })),
    rest: integrated !== null && allKnown && !found.truncated ? Math.max(0, integrated - sum) : null,
    truncated: found.truncated,
  };
}

/** `open` of the graph query: node key → links shown. */
export function parseOpen(open: string | undefined): Map<string, number> | null {
  if (!open) return null;
  return new Map(
    open.split(',').map((part) => {
      const [key, count] = part.split(':');
      return [key!, Number(count)];
    }),
  );
}

/** The options of `ownershipSubgraph` from the graph query (contract/ownership.ts `graphQuery`). */
export const subgraphOptions = (query: GraphQueryValues) => ({
  direction: query.direction,
  day: query.as_of,
  depth: query.depth,
  open: parseOpen(query.open),
  includeEnded: query.include_ended,
  threshold: query.threshold,
});

type LinkOut = { other: string; share: number; ended: boolean; validTo: string | null };

/**
 * The subgraph around `root` (contract/ownership.ts `graphQuery`, `ownershipGraph`): breadth
 * first from the root along the direction; an open node shows its largest links (by direct share,
 * unknown last; ended ones after, with `includeEnded`) up to its count, and counts the rest.
 */
export async function ownershipSubgraph(
  db: Db,
  root: string,
  q: {
    direction: 'up' | 'down';
    day?: string;
    depth: number;
    open: Map<string, number> | null;
    includeEnded: boolean;
    threshold: number;
  },
): Promise<OwnershipGraphAnswer | null> {
  if (!(await nodeExists(db, root))) return null;
  const day = q.day ?? todayIso();
  const { snapshot, onDay } = await ownershipOn(db, day);
  const g = onDay.graph;
  const up = q.direction === 'up';
  const figures = up ? ownersOf(g, root) : holdingsOf(g, root);
  const controller = up ? ultimateController(g, root, { threshold: q.threshold }) : null;
  const controlled = up ? null : controlledBy(g, [root], q.threshold);
  const pathKeys = controller?.kind === 'controller' ? controller.path : [];
  const pathEdges = new Set(pathKeys.slice(1).map((k, i) => `${pathKeys[i]}>${k}`));
  const onPath = (key: string) =>
    up ? pathKeys.includes(key) : key === root || (controlled?.has(key) ?? false);

  // ended links, by node, only when asked
  const ended = new Map<string, LinkOut[]>();
  if (q.includeEnded)
    for (const h of snapshot.direct) {
      if (h.validTo === null || h.validTo >= day) continue;
      const [from, other] = up ? [h.company, h.holder] : [h.holder, h.company];
      const list = ended.get(from) ?? [];
      list.push({ other, share: h.share ?? Number.NaN, ended: true, validTo: h.validTo });
      ended.set(from, list);
    }
  const linksOf = (key: string): LinkOut[] => {
    const v = g.index.get(key);
    const current: LinkOut[] = [];
    if (v !== undefined) {
      const to = up ? g.inFrom[v]! : g.outTo[v]!;
      const sh = up ? g.inShare[v]! : g.outShare[v]!;
      const merged = new Map<string, number>();
      to.forEach((w, k) => {
        const other = g.ids[w]!;
        merged.set(other, (merged.get(other) ?? 0) + sh[k]!);
      });
      for (const [other, share] of merged) current.push({ other, share, ended: false, validTo: null });
    }
    current.sort((a, b) =>
      (Number.isNaN(a.share) ? -1 : a.share) > (Number.isNaN(b.share) ? -1 : b.share)
        ? -1
        : (Number.isNaN(a.share) ? -1 : a.share) < (Number.isNaN(b.share) ? -1 : b.share)
          ? 1
          : a.other.localeCompare(b.other),
    );
    return [
      ...current,
      ...(ended.get(key) ?? []).sort((a, b) => (b.validTo ?? '').localeCompare(a.validTo ?? '')),
    ];
  };

  const depthOf = new Map<string, number>([[root, 0]]);
  const order = [root];
  const edges: GraphEdgeAnswer[] = [];
  const shown = new Map<string, { total: number; shown: number; open: boolean }>();
  for (let i = 0; i < order.length; i++) {
    const key = order[i]!;
    const d = depthOf.get(key)!;
    const links = linksOf(key);
    const count = q.open
      ? (q.open.get(key) ?? (key === root ? GRAPH_PAGE : 0))
      : d < q.depth
        ? GRAPH_PAGE
        : 0;
    const take = links.slice(0, count);
    shown.set(key, { total: links.length, shown: take.length, open: count > 0 });
    for (const l of take) {
      const [holder, company] = up ? [l.other, key] : [key, l.other];
      edges.push({
        holder,
        company,
        share: Number.isNaN(l.share) ? null : l.share,
        on_control_path:
          !l.ended && (up ? pathEdges.has(`${holder}>${company}`) : onPath(holder) && onPath(company)),
        ended: l.ended,
        valid_to: l.validTo,
      });
      if (!depthOf.has(l.other)) {
        depthOf.set(l.other, d + 1);
        order.push(l.other);
      }
    }
  }
  const names = await describeNodes(
    db,
    [...order, ...(controller ? controllerKeys(controller) : []), ...onDay.issues.flatMap(issueKeys)],
    snapshot,
    onDay,
  );
  const nodes: GraphNodeAnswer[] = order.map((key) => {
    const s = shown.get(key)!;
    return {
      ...nodeOf(names, key),
      depth: depthOf.get(key)!,
      integrated:
        key === root ? null : figures.notComputable.has(key) ? null : (figures.figures.get(key) ?? 0),
      links_total: s.total,
      links_shown: s.shown,
      open: s.open,
      on_control_path: onPath(key),
    };
  });
  return {
    root,
    direction: q.direction,
    as_of: day,
    nodes,
    edges,
    controller: controller ? namedController(names, controller) : null,
    data_issues: namedIssues(names, onDay.issues, new Set(order)),
  };
}
