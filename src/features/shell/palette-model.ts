import type { EntityAction, EntityKind, EntityRef } from '~/lib/entity-actions.ts';
import { isContiguousMatch, paletteScore } from '~/ui/command-palette/filter.ts';
import type { IconName } from '~/ui/icons.tsx';

/** One row of the palette, whatever its source (a command, a company, a person). */
export interface PaletteEntry {
  /** Unique: `cmd:<id>`, `legal:<id>`, `true:<id>`. Also the key of recent items. */
  key: string;
  title: string;
  hint?: string;
  hintLtr?: boolean;
  keywords: string[];
  shortcut?: string;
  icon?: IconName;
  group: string;
  disabled?: boolean;
}

export interface RankedGroup {
  heading: string;
  entries: PaletteEntry[];
}

export const RECENT_HEADING = 'اخیر';
export const ENTITIES_HEADING = 'شرکت‌ها و افراد';

/**
 * Orders the palette. Without a query: recent items first, then every command in its group.
 * With one: commands whose title or keywords hold the query as one run come first, then the
 * companies and people from the server (already matched there), then commands that only match
 * scattered letters; within each, recent items first, then by score.
 */
export function rankPalette(
  commands: readonly PaletteEntry[],
  entities: readonly PaletteEntry[],
  query: string,
  recentKeys: readonly string[],
): RankedGroup[] {
  const recentRank = new Map(recentKeys.map((k, i) => [k, i]));
  if (!query.trim()) {
    const byKey = new Map(commands.map((c) => [c.key, c]));
    const recent = recentKeys.map((k) => byKey.get(k)).filter((c): c is PaletteEntry => !!c);
    const recentSet = new Set(recent.map((c) => c.key));
    const groups = new Map<string, PaletteEntry[]>();
    for (const c of commands) {
      if (recentSet.has(c.key)) continue;
      groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
    }
    return [
      ...(recent.length ? [{ heading: RECENT_HEADING, entries: recent }] : []),
      ...[...groups].map(([heading, entries]) => ({ heading, entries })),
    ];
  }
  const scored = commands
    .map((c) => ({ c, score: paletteScore(c.title, query, c.keywords) }))
    .filter((x) => x.score > 0);
  const order = (a: (typeof scored)[number], b: (typeof scored)[number]) => {
    const ra = recentRank.get(a.c.key) ?? Number.POSITIVE_INFINITY;
    const rb = recentRank.get(b.c.key) ?? Number.POSITIVE_INFINITY;
    if (ra !== rb) return ra - rb;
    return b.score - a.score;
  };
  const strong = scored.filter((x) => isContiguousMatch(x.c.title, query, x.c.keywords)).sort(order);
  const weak = scored.filter((x) => !isContiguousMatch(x.c.title, query, x.c.keywords)).sort(order);
  const ents = [...entities].sort(
    (a, b) =>
      (recentRank.get(a.key) ?? Number.POSITIVE_INFINITY) -
      (recentRank.get(b.key) ?? Number.POSITIVE_INFINITY),
  );
  const out: RankedGroup[] = [];
  if (strong.length) out.push({ heading: 'فرمان‌ها', entries: strong.map((x) => x.c) });
  if (ents.length) out.push({ heading: ENTITIES_HEADING, entries: ents });
  if (weak.length) out.push({ heading: 'نزدیک به جستجو', entries: weak.map((x) => x.c) });
  return out;
}

/** The entries in the order shown (the first is highlighted after each new query). */
export function flatten(groups: readonly RankedGroup[]): PaletteEntry[] {
  return groups.flatMap((g) => g.entries);
}

/**
 * A page of the palette: the actions of one entity, pushed over the root list. `search` is the
 * text the user had typed on the level below, given back when the page is popped.
 */
export interface PalettePage {
  entity: EntityRef;
  search: string;
}

/** Where the palette is: the pages pushed (empty at the root) and the text in the input. */
export interface PaletteNav {
  pages: readonly PalettePage[];
  search: string;
}

export type PaletteNavEvent =
  /** Into an entity's actions (Tab on the highlighted company or person). */
  | { type: 'page.push'; entity: EntityRef }
  /** Backspace: pops the page when the input is empty, else it only edits the text. */
  | { type: 'key.backspace' }
  /** Esc: pops the page when there is one (answers the same state at the root: the caller closes). */
  | { type: 'page.pop' }
  | { type: 'search.change'; search: string }
  | { type: 'reset'; search?: string };

/** The palette's navigation as a pure step. */
export function paletteNav(state: PaletteNav, event: PaletteNavEvent): PaletteNav {
  switch (event.type) {
    case 'page.push':
      return { pages: [...state.pages, { entity: event.entity, search: state.search }], search: '' };
    case 'key.backspace':
      return state.search === '' ? paletteNav(state, { type: 'page.pop' }) : state;
    case 'page.pop': {
      const top = state.pages.at(-1);
      return top ? { pages: state.pages.slice(0, -1), search: top.search } : state;
    }
    case 'search.change':
      return { ...state, search: event.search };
    case 'reset':
      return { pages: [], search: event.search ?? '' };
  }
}

/** The entity behind an entry key (`legal:7`, `true:12`), or null for commands. */
export function entityOfEntry(entry: Pick<PaletteEntry, 'key' | 'title' | 'hint'>): EntityRef | null {
  const m = /^(legal|true):(\d+)$/.exec(entry.key);
  if (!m) return null;
  return { kind: m[1] as EntityKind, id: Number(m[2]), title: entry.title, hint: entry.hint };
}

/** The heading of an entity's actions page. */
export const actionsHeading = (entity: EntityRef) => `کارهای ${entity.title}`;

/**
 * An entity's actions as palette entries, filtered and ordered by `query` (registry order
 * without one; with one, best score first, ties in registry order).
 */
export function rankActions(
  actions: readonly EntityAction[],
  entity: EntityRef,
  query: string,
): RankedGroup[] {
  const heading = actionsHeading(entity);
  const entries = actions.map<PaletteEntry>((a) => ({
    key: `action:${a.id}`,
    title: a.title,
    keywords: a.keywords ?? [],
    shortcut: a.shortcut,
    group: heading,
  }));
  const shown = query.trim()
    ? entries
        .map((e, i) => ({ e, i, score: paletteScore(e.title, query, e.keywords) }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .map((x) => x.e)
    : entries;
  return shown.length ? [{ heading, entries: shown }] : [];
}
