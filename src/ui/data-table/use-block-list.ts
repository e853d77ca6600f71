import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { RowBlocks } from './row-blocks.ts';
import { toListParams } from './search-params.ts';
import type { ListPage, ListParams, ListQuery } from './types.ts';

/** Fetches one block; `signal` aborts it when the view moves away before it answers. */
export type FetchPage<T> = (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;

/** Rows per block: one request, and the unit the cache keeps or lets go. */
export const BLOCK_SIZE = 100;
/**
 * Blocks held at most per view (500 rows), besides those on screen and read ahead: what memory
 * and the table's rows stay within. Measured (bench/scroll.ts, what a heap snapshot retains after
 * scrolling 100,000 rows top to bottom against after the first page): 12 blocks held 1.78 times
 * the first page's heap, 5 blocks about 1.1 times; reading a block again costs a few ms.
 */
const CAPACITY = 5;
/** Blocks read ahead of the viewport on each side. */
const AHEAD = 1;
/** A jump (a block next to nothing held) waits this long for the viewport to settle. */
const JUMP_SETTLE_MS = 60;
/** Views whose blocks are kept for coming back (a record opened and closed, the previous sort). */
const KEPT_VIEWS = 4;
/** The most rows read to resolve a selection's gaps before a bulk action (else: Ctrl/⌘+A). */
export const MAX_RESOLVE = 10_000;

interface Cursors {
  next: string | null;
  prev: string | null;
}

/** One view's rows (one query): its blocks, their keyset cursors, reads in flight. */
class View<T> {
  blocks: RowBlocks<T>;
  readonly cursors = new Map<number, Cursors>();
  readonly aborts = new Map<number, AbortController>();
  /** Blocks whose read failed: not asked again until R. */
  readonly failed = new Set<number>();
  /** The first block's answer last put (the head query's data). */
  head: ListPage<T> | undefined;
  /** The positions the viewport shows. */
  viewport = { first: 0, last: 0 };
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The list's query and fetch of the latest render, and what to call when rows change. */
  query: ListQuery = {};
  fetch: FetchPage<T> | null = null;
  changed: () => void = () => {};
  constructor(
    readonly key: string,
    readonly idOf: (row: T) => string,
  ) {
    this.blocks = new RowBlocks({ idOf, size: BLOCK_SIZE, capacity: CAPACITY });
  }

  /** Reads block `b`: by keyset from a held neighbour, else by position. */
  read(b: number): void {
    const total = this.blocks.total;
    if (total === null || this.blocks.isReading(b) || !this.fetch) return;
    const params: ListParams = { ...toListParams(this.query, { page: b + 1 }, this.blocks.size), total };
    const after = this.blocks.has(b - 1) ? this.cursors.get(b - 1)?.next : undefined;
    const before = this.blocks.has(b + 1) ? this.cursors.get(b + 1)?.prev : undefined;
    if (after) params.cursor = after;
    else if (before) params.before = before;
    else params.offset = b * this.blocks.size;
    const ctl = new AbortController();
    this.blocks.reading(b);
    this.aborts.set(b, ctl);
    this.fetch(params, ctl.signal).then(
      (page) => {
        this.aborts.delete(b);
        this.failed.delete(b);
        this.blocks.put(b, page.data, total);
        this.cursors.set(b, { next: page.next_cursor, prev: page.prev_cursor ?? null });
        for (const c of this.cursors.keys()) if (!this.blocks.has(c)) this.cursors.delete(c);
        this.pump();
        this.changed();
      },
      () => {
        this.aborts.delete(b);
        this.blocks.failed(b);
        if (ctl.signal.aborted) return;
        this.failed.add(b);
        this.changed();
      },
    );
  }

  /**
   * Reads what the viewport wants: blocks next to a held one at once (keyset, cheap), a block far
   * from any (a jump) once the viewport has stayed still for a moment, and only those the
   * viewport shows (the ones read ahead follow by keyset). Reads the viewport has left are aborted.
   */
  pump(): void {
    if (this.blocks.total === null) return;
    const { first, last } = this.viewport;
    const wanted = this.blocks.wanted(first, last, AHEAD).filter((b) => !this.failed.has(b));
    const lo = this.blocks.blockOf(first) - AHEAD;
    const hi = this.blocks.blockOf(last) + AHEAD;
    for (const [b, ctl] of this.aborts)
      if (b < lo || b > hi) {
        ctl.abort();
        this.aborts.delete(b);
        this.blocks.failed(b);
      }
    const near = wanted.filter((b) => this.blocks.has(b - 1) || this.blocks.has(b + 1));
    for (const b of near) this.read(b);
    clearTimeout(this.timer);
    const shown = (b: number) => b >= this.blocks.blockOf(first) && b <= this.blocks.blockOf(last);
    if (wanted.some((b) => !near.includes(b) && shown(b)))
      this.timer = setTimeout(() => {
        const { first: f, last: l } = this.viewport;
        for (const b of this.blocks.wanted(f, l, 0)) if (!this.failed.has(b)) this.read(b);
      }, JUMP_SETTLE_MS);
  }

  /** Stops every read (the list left the screen). */
  stop(): void {
    for (const ctl of this.aborts.values()) ctl.abort();
    for (const b of this.aborts.keys()) this.blocks.failed(b);
    this.aborts.clear();
    clearTimeout(this.timer);
  }
}

const kept = new Map<string, View<unknown>>();
function viewFor<T>(key: string, idOf: (row: T) => string): View<T> {
  let v = kept.get(key) as View<T> | undefined;
  if (v) kept.delete(key);
  else v = new View(key, idOf);
  kept.set(key, v as View<unknown>);
  for (const k of kept.keys()) if (kept.size > KEPT_VIEWS) kept.delete(k);
  return v;
}

/**
 * The windowed row model of a list (issue 15): the result's rows read in blocks of 100 around
 * the viewport, so the scrollbar spans `total` from the first answer and memory stays the same at
 * row 10 and at row 900,000. The first block is a TanStack query (`[...key, 'list', query]`):
 * its answer brings the count, invalidating the list's key or refocusing the window reads it
 * again, and the other blocks on screen are then read again (the rest let go), so a record
 * changed elsewhere shows changed without the whole list being read. The other blocks are read
 * by keyset from a held neighbour while scrolling (`cursor` / `before`), by position after a jump
 * (`offset`, which the server reads from the nearer end), always with the count the list holds
 * (`total`: no recount). See ./README.md.
 */
export function useBlockList<T>(
  key: readonly unknown[],
  query: ListQuery,
  fetchPage: FetchPage<T>,
  idOf: (row: T) => string,
) {
  const viewKey = JSON.stringify([...key, query]);
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const viewRef = useRef<View<T> | null>(null);
  const shownRef = useRef<View<T> | null>(null);
  if (viewRef.current?.key !== viewKey) viewRef.current = viewFor(viewKey, idOf);
  const view = viewRef.current;
  view.query = query;
  view.fetch = fetchPage;
  view.changed = () => {
    if (viewRef.current === view) bump();
  };

  const head = useQuery<ListPage<T>>({
    queryKey: [...key, 'list', query, BLOCK_SIZE],
    queryFn: ({ signal }) => fetchPage(toListParams(query, { page: 1 }, BLOCK_SIZE), signal),
    placeholderData: keepPreviousData,
    // Coming back to the list (its tab shown again, a record closed) reads the first block and
    // the blocks on screen again: a record changed elsewhere shows changed.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // only the first block is compared with its previous answer; the rows are replaced anyway
    structuralSharing: false,
  });

  // The first block's answer: the count and rows 0..99. A later answer for the same view (the
  // list's key invalidated, the window refocused) reads the blocks on screen again.
  const data = head.data;
  useEffect(() => {
    if (!data || head.isPlaceholderData || view.head === data) return;
    const again = view.head !== undefined;
    view.head = data;
    // A list answered whole (a short managed list): one block of all its rows.
    if (data.data.length > view.blocks.size)
      view.blocks = new RowBlocks({ idOf, size: data.data.length, capacity: 1 });
    view.blocks.put(0, data.data, data.total);
    view.cursors.set(0, { next: data.next_cursor, prev: null });
    if (again) {
      const lo = view.blocks.blockOf(view.viewport.first) - AHEAD;
      const hi = view.blocks.blockOf(view.viewport.last) + AHEAD;
      const stale = view.blocks.held().filter((b) => b !== 0);
      view.blocks.drop(stale.filter((b) => b < lo || b > hi));
      // held ones on screen stay shown until their new rows arrive
      for (const b of stale) if (b >= lo && b <= hi) view.read(b);
    }
    view.failed.clear();
    view.pump();
    bump();
  }, [data, head.isPlaceholderData, view, idOf]);

  useEffect(() => () => view.stop(), [view]);

  // While a new view has no rows yet, the previous one stays on screen (dimmed).
  const ready = view.blocks.total !== null;
  if (ready) shownRef.current = view;
  const shown = ready ? view : shownRef.current;
  const blocks = shown?.blocks;

  /** Tells the list which positions the viewport shows; reads what they need. */
  const setViewport = useCallback((first: number, last: number) => {
    const v = viewRef.current!;
    v.viewport = { first, last };
    v.pump();
  }, []);

  /** Reads again the blocks that failed (R). */
  const retry = useCallback(() => {
    const v = viewRef.current!;
    if (v.failed.size === 0) return false;
    v.failed.clear();
    v.pump();
    bump();
    return true;
  }, []);

  /**
   * The rows at positions `lo`..`hi`, read now (held ones from the cache): resolving a
   * selection's gaps before a bulk action. At most MAX_RESOLVE rows.
   */
  const readRange = useCallback(async (lo: number, hi: number): Promise<T[]> => {
    const v = viewRef.current!;
    const total = v.blocks.total ?? 0;
    const fetch = v.fetch!;
    const out: T[] = [];
    for (let at = lo; at <= hi; ) {
      const held = v.blocks.row(at);
      if (held !== undefined) {
        out.push(held);
        at++;
        continue;
      }
      const n = Math.min(500, hi - at + 1);
      const page = await fetch(
        { ...toListParams(v.query, { page: 1 }, n), offset: at, total },
        new AbortController().signal,
      );
      if (page.data.length === 0) break;
      out.push(...page.data.slice(0, n));
      at += page.data.length;
    }
    return out;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is when the held rows change
  const rowAt = useCallback((i: number) => blocks?.row(i), [blocks, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const idAt = useCallback(
    (i: number) => {
      const row = blocks?.row(i);
      return row === undefined ? undefined : idOf(row);
    },
    [blocks, idOf, version],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const held = useMemo(() => blocks?.heldRows() ?? [], [blocks, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const heldRanges = useMemo(() => blocks?.heldRanges() ?? [], [blocks, version]);
  return {
    total: blocks?.total ?? undefined,
    /** Changes whenever the held rows change. */
    version,
    held,
    heldRanges,
    rowAt,
    idAt,
    /** No rows to show yet (before the first answer of any view). */
    isPending: !shown,
    /** The rows shown are the previous view's while the new one's first block is read. */
    isPlaceholderData: shown !== view,
    /** The first block failed (nothing to show). */
    isError: head.isError && !ready,
    error: head.error,
    refetch: head.refetch,
    /** Some block near the viewport failed (R reads it again). */
    blockFailed: shown === view && view.failed.size > 0,
    retry,
    setViewport,
    readRange,
    /** The view the rows belong to (a new one starts at the top). */
    viewKey: shown?.key,
  };
}
