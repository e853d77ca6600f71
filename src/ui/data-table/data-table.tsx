import { useCanGoBack } from '@tanstack/react-router';
import { type RowData, type SortingState, type Updater, useTable } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { eachCondition } from '~/contract/list.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { permitted } from '~/lib/session.ts';
import { focusDropped, focusOnPage } from '../focus-memory.ts';
import { formatNumber } from '../format.ts';
import { ScrollFrame, useScrollEdges } from '../scroll-frame.tsx';
import { toast } from '../toaster.tsx';
import { BulkBar, UndoBar } from './bulk-bar.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { columnId, columnSortFields, type DataColumn, dataTableFeatures, gridTemplate } from './columns.ts';
import {
  type CursorContext,
  type CursorState,
  fillGaps,
  initialCursor,
  isSelectedRow,
  rangeSize,
  reduceCursor,
  selectedCount,
  selectedIds,
} from './cursor.ts';
import { FilterBar } from './filter-bar.tsx';
import { FilterBuilder } from './filter-builder.tsx';
import { GoToRowDialog } from './go-to-row.tsx';
import { type GridListState, GridView, useGridEvents } from './grid-view.tsx';
import type { ListAction } from './keys.ts';
import { useListCommands } from './list-commands.ts';
import { Kbd } from './list-states.tsx';
import {
  activeFilterCount,
  clearFilters,
  formatSorts,
  MAX_SORTS,
  parseBuilt,
  parseSorts,
  toListQuery,
  withBuilt,
} from './search-params.ts';
import { StatusLine } from './status-line.tsx';
import * as s from './styles.ts';
import type {
  BulkAction,
  BulkSelection,
  CellSelection,
  FilterDef,
  ListSearch,
  RowAction,
  SelectedCell,
} from './types.ts';
import { type FetchPage, MAX_RESOLVE, useBlockList } from './use-block-list.ts';
import { useBulk } from './use-bulk.ts';
import { useFitHeight } from './use-fit-height.ts';
import { useListKeys } from './use-list-keys.ts';
import { useTablePreferences } from './use-table-preferences.ts';

export interface DataTableProps<T extends RowData> {
  /** Stable name of the list (`legal-persons`): element ids and the remembered focused row. */
  id: string;
  /** Persian name of the list, the grid's accessible name ("اشخاص حقوقی"). */
  label: string;
  /** Columns (module constant, built with `columnHelper<T>()`). */
  columns: DataColumn<T>[];
  /** Filters (module constant); their keys are search params of the route. */
  filters?: readonly FilterDef[];
  /** The route's validated search (`Route.useSearch()`). */
  search: ListSearch;
  /** Writes a new search to the URL (`navigate({ search, replace })`). */
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  /** Cache key prefix of the list's pages (`['persons', 'legal']`). */
  queryKey: readonly unknown[];
  /** Fetches one page (the feature's api.ts call). */
  fetchPage: FetchPage<T>;
  /** The row's id (as text). */
  getRowId(row: T): string;
  /** Enter (with the focused cell's column id) or a double click on a row. */
  onOpen?(row: T, columnId?: string): void;
  /**
   * Whether X on the cell of `columnId` in `row` chooses that cell on its own instead of its row
   * (the entry-state matrix's year cells): the id of what the cell stands for (a statement's), or
   * null when it cannot be chosen. Chosen cells reach the bulk actions' `runCells` when no row is
   * chosen; Esc clears them.
   */
  selectableCell?(row: T, columnId: string): string | null;
  /** Placeholder of the search box: what `q` matches ("نام، شناسه ملی یا نماد"). */
  searchPlaceholder?: string;
  /** What an empty list says when nothing filters it ("هنوز کاربری ثبت نشده است"). */
  emptyText?: string;
  /** What to do next in that case, with the key that does it. */
  emptyHint?: ReactNode;
  /** The screen's buttons beside the filters. */
  actions?: ReactNode;
  /**
   * Shown beside the count while rows are selected (the screen's own actions on the selection):
   * given the selected rows the list holds, how many are selected in all (a Shift range across
   * blocks never read, "all matching"), and `ids()`, which reads every selected row's id.
   */
  selectionActions?(selection: SelectionRows<T>): ReactNode;
  /**
   * Actions on the selection (chosen rows, or all matching after Ctrl/⌘+A), as buttons in the
   * bulk bar and keys while rows are selected; an action that resolves to an undo offer clears
   * the selection, refreshes the list and shows the undo bar (Ctrl/⌘+Z).
   */
  bulkActions?: readonly BulkAction[];
  /** The server takes filters as plain parameters, not `advanceFilter` (management and log lists). */
  plainFilters?: boolean;
  /** The parameter the search box fills when the server has no `q` (`username`, `ip` ...). */
  qParam?: string;
  /** Actions on the focused row, each on a key (approve, deactivate ...). */
  rowActions?: readonly RowAction<T>[];
  /** The focused row in full, in a panel beside the grid (an SMS's whole text ...). */
  renderDetail?(row: T): ReactNode;
}

/** The selection as a screen's own actions see it (`selectionActions`). */
export interface SelectionRows<T> {
  /** The selected rows the list holds now (for names and the like): not always all of them. */
  rows: T[];
  /** How many rows are selected in all. */
  count: number;
  /**
   * Every selected row's id: held ones, the rows of a Shift range's gaps and of "all matching"
   * read from the server (at most MAX_RESOLVE); null, after a toast, when there are more.
   */
  ids(): Promise<string[] | null>;
}

const NO_FILTERS: readonly FilterDef[] = [];
const NO_ACTIONS: readonly never[] = [];
const NO_CELLS: ReadonlyMap<string, SelectedCell> = new Map();
/** The focused row of each list view, so coming back from a record lands where the user was. */
const rememberedRows = new Map<string, number>();

/**
 * The list workstation: a virtualized grid over the windowed row model (the result read in
 * blocks around the viewport, use-block-list.ts), with the list state (q, sort, filters) in the
 * URL and every action on a key. See ./README.md for how a screen configures it.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { id, label, columns, filters = NO_FILTERS, search, onSearchChange, getRowId, onOpen } = props;
  // Only what the role may do is offered: the buttons, the keys and the `?` sheet's lines.
  const session = useClientSession();
  const { bulkActions: allBulk = NO_ACTIONS, rowActions: allRow = NO_ACTIONS } = props;
  const bulkActions = useMemo(() => permitted(session, allBulk), [session, allBulk]);
  const rowActions = useMemo(() => permitted(session, allRow), [session, allRow]);
  const domId = `dt-${id}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLTableElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const columnIds = useMemo(() => columns.map((c) => columnId(c as DataColumn<RowData>)), [columns]);
  const sortFields = useMemo(() => columnSortFields(columns as DataColumn<RowData>[]), [columns]);
  const query = useMemo(() => toListQuery(search, filters, sortFields), [search, filters, sortFields]);
  const list = useBlockList(props.queryKey, query, props.fetchPage, getRowId);
  const bulk = useBulk(props.queryKey);
  const heldIds = useMemo(() => list.held.map((h) => getRowId(h.row)), [list.held, getRowId]);
  const viewKey = `${id}:${JSON.stringify(query)}`;

  // Focus and selection belong to one view; a new sort or filter starts afresh.
  const [cursor, setCursor] = useState<CursorState>(() => ({
    ...initialCursor,
    row: rememberedRows.get(viewKey) ?? -1,
  }));
  const [cursorView, setCursorView] = useState(viewKey);
  // Cells chosen one by one (selectableCell), by `${rowId} ${columnId}`.
  const [cells, setCells] = useState<ReadonlyMap<string, SelectedCell>>(NO_CELLS);
  if (cursorView !== viewKey) {
    setCursorView(viewKey);
    setCursor((c) => ({ ...initialCursor, col: c.col, row: rememberedRows.get(viewKey) ?? -1 }));
    setCells(NO_CELLS);
  }
  /** The chosen columns of each row with chosen cells (for the rows' aria-selected cells). */
  const cellsByRow = useMemo(() => {
    const out = new Map<string, Set<string>>();
    for (const c of cells.values()) out.set(c.rowId, (out.get(c.rowId) ?? new Set()).add(c.columnId));
    return out;
  }, [cells]);
  const selectedCols = useCallback((rowId: string) => cellsByRow.get(rowId), [cellsByRow]);

  const sorting = useMemo<SortingState>(() => parseSorts(search.sort), [search.sort]);
  const columnFilters = useMemo(
    () =>
      filters
        .filter((f) => search[f.key] !== undefined && columnIds.includes(f.key))
        .map((f) => ({ id: f.key, value: search[f.key] })),
    [filters, search, columnIds],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    onSearchChange({ ...search, sort: formatSorts(next) });
  };

  // The selection as TanStack Table keeps it, over the held rows (bounded: the blocks held).
  const rowSelection = useMemo(() => {
    const out: Record<string, true> = {};
    list.held.forEach((h, i) => {
      if (isSelectedRow(cursor, h.index, heldIds[i]!)) out[heldIds[i]!] = true;
    });
    return out;
  }, [cursor, list.held, heldIds]);
  const data = useMemo(() => list.held.map((h) => h.row), [list.held]);
  const prefs = useTablePreferences(id, columnIds);
  const { columnVisibility } = prefs;
  const [chooserOpen, setChooserOpen] = useState(false);
  const table = useTable({
    features: dataTableFeatures,
    columns: columns as DataColumn<T>[],
    data,
    getRowId: (row: T) => getRowId(row),
    state: { sorting, columnFilters, rowSelection, columnVisibility, columnSizing: prefs.value.widths },
    onSortingChange,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: true,
    maxMultiSortColCount: MAX_SORTS,
  });
  const rowsById = table.getRowModel().rowsById;
  const count = list.total ?? 0;
  const { idAt } = list;
  const rowAt = useCallback(
    (index: number) => {
      const rowId = idAt(index);
      return rowId === undefined ? undefined : rowsById[rowId];
    },
    [idAt, rowsById],
  );
  const isSelected = useCallback(
    (index: number, rowId: string) => isSelectedRow(cursor, index, rowId),
    [cursor],
  );
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const ctx: CursorContext = { count, idAt, colCount: headers.length };

  // Rows of a Shift range that were not held when it was made become ids as their blocks arrive.
  const heldRanges = list.heldRanges;
  useEffect(() => {
    setCursor((c) => fillGaps(c, idAt, heldRanges));
  }, [heldRanges, idAt]);

  const loading = list.isPending;
  const { isPlaceholderData } = list;
  const height = useFitHeight(scrollRef, rootRef);
  const edges = useScrollEdges(scrollRef);
  const { isError, error, refetch } = list;
  const gridList = useMemo<GridListState>(() => ({ isError, error, refetch }), [isError, error, refetch]);
  const [restoreView] = useState(() => (rememberedRows.get(viewKey) ?? -1) >= 0);

  // Remember the focused row of this view; a key that moves it asks the grid to scroll to it.
  const scrollPending = useRef(false);
  useEffect(() => {
    rememberedRows.set(cursorView, cursor.row);
  }, [cursor.row, cursorView]);

  // A new sort or filter starts over at the top (unless this view's focused row is remembered).
  const shownView = list.viewKey;
  const firstView = useRef(shownView);
  useEffect(() => {
    if (shownView === firstView.current) return;
    firstView.current = shownView;
    if ((rememberedRows.get(cursorView) ?? -1) < 0) scrollRef.current?.scrollTo({ top: 0 });
  }, [shownView, cursorView]);

  const [gotoOpen, setGotoOpen] = useState(false);

  // The filter builder: lists whose server reads advanceFilter (not the plain-parameter ones).
  const [builderOpen, setBuilderOpen] = useState(false);
  const canBuild = filters.length > 0 && !props.plainFilters;
  const built = useMemo(() => parseBuilt(search.af), [search.af]);

  const dispatch = (action: ListAction) => {
    scrollPending.current = true;
    setCursor((c) => reduceCursor(c, action, ctx));
  };

  /** Performs an action; answers false when it had nothing to do (the key then stays unhandled). */
  const perform = (action: ListAction): boolean => {
    switch (action.type) {
      case 'focus-filter':
        filterRef.current?.focus();
        filterRef.current?.select();
        return true;
      case 'leave-filter': {
        const typed = filterRef.current?.value.trim() ?? '';
        if (typed !== (search.q ?? ''))
          onSearchChange({ ...search, q: typed || undefined }, { replace: true });
        scrollRef.current?.focus({ preventScroll: true });
        if (cursor.row < 0 && count) dispatch({ type: 'first' });
        return true;
      }
      case 'open': {
        const row = list.rowAt(cursor.row);
        if (row === undefined || !onOpen) return false;
        onOpen(row, headers[cursor.col]?.column.id);
        return true;
      }
      case 'ask-goto':
        if (count === 0) return false;
        setGotoOpen(true);
        return true;
      case 'sort':
      case 'sort-add': {
        const column = headers[cursor.col]?.column;
        if (!column?.getCanSort()) return false;
        // The same cycle as a click on the header; Shift+S as a Shift+click: adds the column
        // as a further sort key (or turns its direction) and keeps the others.
        column.getToggleSortingHandler()?.({ shiftKey: action.type === 'sort-add' });
        return true;
      }
      case 'columns':
        setChooserOpen(true);
        return true;
      case 'filter-builder':
        if (!canBuild) return false;
        setBuilderOpen(true);
        return true;
      case 'clear-filters':
        if (activeFilterCount(search, filters) === 0 && !search.q) return false;
        onSearchChange(clearFilters(search));
        return true;
      case 'retry':
        if (list.retry()) return true;
        if (list.isError) void list.refetch();
        else return false;
        return true;
      case 'clear-selection':
        if (selectedCount(cursor.selection, cursor.gaps) === 0 && !cursor.all && cells.size === 0)
          return false;
        setCells(NO_CELLS);
        dispatch(action);
        return true;
      case 'toggle': {
        // X on a cell the screen lets be chosen on its own: that cell, not its row.
        const row = list.rowAt(cursor.row);
        const columnId = headers[cursor.col]?.column.id;
        const cellKey =
          row !== undefined && columnId !== undefined ? props.selectableCell?.(row, columnId) : null;
        if (row === undefined || columnId === undefined || cellKey == null) {
          if (count === 0) return false;
          dispatch(action);
          return true;
        }
        const rowId = getRowId(row);
        const key = `${rowId} ${columnId}`;
        setCells((prev) => {
          const next = new Map(prev);
          if (next.has(key)) next.delete(key);
          else next.set(key, { rowId, columnId, key: cellKey });
          return next;
        });
        return true;
      }
      case 'select-all':
        if (count === 0) return false;
        dispatch(action);
        return true;
      case 'undo':
        return bulk.undo();
      default:
        if (count === 0) return false;
        dispatch(action);
        if (document.activeElement !== scrollRef.current) scrollRef.current?.focus({ preventScroll: true });
        return true;
    }
  };

  /**
   * The selection as a bulk action receives it: "all matching" as the query; chosen rows as ids,
   * the rows of a range's gaps (never held) read first, at most MAX_RESOLVE of them (beyond
   * that, Ctrl/⌘+A says "all matching" more cheaply). Null (and a toast) when too many.
   */
  const bulkSelection = async (): Promise<BulkSelection | null> => {
    if (cursor.all) return { kind: 'all', query, total: count };
    const ids = selectedIds(cursor.selection, heldIds);
    if (cursor.gaps.length) {
      if (rangeSize(cursor.gaps) > MAX_RESOLVE) {
        toast.negative(
          `انتخاب بیش از ${formatNumber(MAX_RESOLVE)} ردیف خوانده‌نشده دارد؛ برای همه موارد منطبق Ctrl+A را بزنید`,
        );
        return null;
      }
      const seen = new Set(ids);
      for (const [lo, hi] of cursor.gaps)
        for (const row of await list.readRange(lo, hi)) {
          const rowId = getRowId(row);
          if (!seen.has(rowId)) ids.push(rowId);
          seen.add(rowId);
        }
    }
    return { kind: 'rows', ids };
  };
  /** Every selected row's id ("all matching" read too): SelectionRows.ids. */
  const resolveIds = async (): Promise<string[] | null> => {
    const selection = await bulkSelection();
    if (!selection) return null;
    if (selection.kind === 'rows') return selection.ids;
    if (count > MAX_RESOLVE) {
      toast.negative(`بیش از ${formatNumber(MAX_RESOLVE)} ردیف انتخاب شده است؛ فیلترها را تنگ‌تر کنید`);
      return null;
    }
    return (await list.readRange(0, count - 1)).map(getRowId);
  };
  const resolveRef = useRef(resolveIds);
  resolveRef.current = resolveIds;
  const idsOfSelection = useCallback(() => resolveRef.current(), []);

  /** The cells chosen one by one, when no row is (what a bulk action's `runCells` gets). */
  const cellSelection = (): CellSelection | null =>
    cells.size > 0 && !cursor.all && selectedCount(cursor.selection, cursor.gaps) === 0
      ? { kind: 'cells', cells: [...cells.values()] }
      : null;
  const runBulk = (action: BulkAction) =>
    void (async () => cellSelection() ?? (await bulkSelection()))().then(
      (selection) =>
        selection &&
        bulk.run(action, selection, () => {
          setCells(NO_CELLS);
          setCursor((c) => reduceCursor(c, { type: 'clear-selection' }, ctx));
        }),
    );

  /** Runs the bulk action (rows selected) or row action bound to this key press; false when none applies. */
  const runRowAction = (e: KeyboardEvent): boolean => {
    const code = e.shiftKey ? `Shift+${e.code}` : e.code;
    const bulkAction = bulkActions.find((a) => a.key === code);
    const rowsChosenNow = cursor.all || selectedCount(cursor.selection, cursor.gaps) > 0;
    if (bulkAction && (rowsChosenNow || (cells.size > 0 && bulkAction.runCells))) {
      runBulk(bulkAction);
      return true;
    }
    const row = list.rowAt(cursor.row);
    // An action for the focused row too (a triage verb) applies to it when no row is chosen.
    if (bulkAction?.focused && row !== undefined) {
      void bulk.run(bulkAction, { kind: 'rows', ids: [getRowId(row)] }, () => {});
      return true;
    }
    const action = rowActions.find((a) => a.key === code);
    if (!action || row === undefined || !(action.isEnabled?.(row) ?? true)) return false;
    action.run(row);
    return true;
  };

  // Focus the grid without focusing its first row (as a user's own Tab or click on it does):
  // the first J then moves to the first row.
  const quietFocus = useRef(false);
  const focusGrid = () => {
    quietFocus.current = true;
    scrollRef.current?.focus({ preventScroll: true });
    quietFocus.current = false;
  };
  // A list reached from another screen of the app (a link, G then L, signing in) takes the focus
  // that screen left on the page. The first page of a document (a link from elsewhere, a
  // bookmark) leaves it where the browser put it; J still reaches the grid from there.
  const fromAnotherScreen = useCanGoBack();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the list appears
  useEffect(() => {
    if (focusDropped() || (fromAnotherScreen && focusOnPage())) focusGrid();
  }, []);

  const events = useGridEvents<T>(setCursor, ctx, onOpen, scrollRef, quietFocus);

  const performRef = useRef(perform);
  performRef.current = perform;
  const rowActionRef = useRef(runRowAction);
  rowActionRef.current = runRowAction;
  useListCommands(performRef, rowActions, bulkActions);

  useListKeys({ rootRef, scrollRef, filterRef, performRef, rowActionRef });

  const widths = prefs.value.widths;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizes read the user's widths, which do not change the headers array
  const { template, minWidth } = useMemo(() => gridTemplate(headers, s.CHECK_WIDTH), [headers, widths]);

  const rowsChosen = cursor.all ? count : selectedCount(cursor.selection, cursor.gaps);
  // Cells chosen one by one count when no row is chosen (bulk actions then get the cells).
  const cellsChosen = rowsChosen === 0 && cells.size > 0;
  const selected = cellsChosen ? cells.size : rowsChosen;
  const filtered = activeFilterCount(search, filters) > 0 || !!search.q;
  const total = list.total;
  const selectedRows = selected
    ? list.held.filter((_, i) => rowSelection[heldIds[i]!]).map((h) => h.row)
    : [];
  const focused = list.rowAt(cursor.row);

  return (
    <div ref={rootRef} className={s.root}>
      <div className={s.root}>
        <FilterBar
          domId={domId}
          filters={filters}
          search={search}
          onSearchChange={onSearchChange}
          searchPlaceholder={props.searchPlaceholder}
          actions={props.actions}
          inputRef={filterRef}
          builder={canBuild ? { count: eachCondition(built), open: () => setBuilderOpen(true) } : undefined}
          columns={{ hidden: Object.keys(columnVisibility).length, open: () => setChooserOpen(true) }}
        />
        <ColumnChooser
          open={chooserOpen}
          onOpenChange={setChooserOpen}
          columns={columns}
          value={prefs.value}
          onChange={prefs.set}
        />
        <GoToRowDialog
          open={gotoOpen}
          total={count}
          onClose={() => setGotoOpen(false)}
          onGo={(index) => {
            setGotoOpen(false);
            dispatch({ type: 'goto', index });
            scrollRef.current?.focus({ preventScroll: true });
          }}
        />
        {canBuild && (
          <FilterBuilder
            open={builderOpen}
            onOpenChange={setBuilderOpen}
            filters={filters}
            value={built}
            onApply={(nodes) => onSearchChange(withBuilt(search, nodes))}
            focusAfterApply={() => scrollRef.current}
          />
        )}
        <StatusLine
          loading={loading}
          total={total}
          updating={isPlaceholderData}
          nextPageFailed={list.blockFailed}
          selected={selected}
          allMatching={cursor.all}
          cells={cellsChosen}
          moreColumns={edges}
          selectionActions={
            selected > 0 && (
              <>
                {!cellsChosen &&
                  props.selectionActions?.({ rows: selectedRows, count: selected, ids: idsOfSelection })}
                <BulkBar
                  actions={cellsChosen ? bulkActions.filter((a) => a.runCells) : bulkActions}
                  busy={bulk.busy}
                  onRun={runBulk}
                />
              </>
            )
          }
        />
        {bulk.offer && (
          <UndoBar
            key={bulk.offer.until}
            offer={bulk.offer}
            depth={bulk.depth}
            onUndo={() => bulk.undo()}
            onExpire={bulk.dismiss}
          />
        )}
      </div>
      <div className={props.renderDetail ? s.withDetail : undefined}>
        <ScrollFrame edges={edges}>
          <GridView
            domId={domId}
            label={label}
            scrollRef={scrollRef}
            height={height}
            headers={headers}
            template={template}
            minWidth={minWidth}
            count={count}
            rowAt={rowAt}
            isSelected={isSelected}
            selectedCols={props.selectableCell ? selectedCols : undefined}
            onViewport={list.setViewport}
            sorting={sorting}
            total={total}
            loading={loading}
            isPlaceholderData={isPlaceholderData}
            list={gridList}
            focusRow={cursor.row}
            focusCol={cursor.col}
            scrollPending={scrollPending}
            restore={restoreView}
            filtered={filtered}
            emptyText={props.emptyText}
            emptyHint={props.emptyHint}
            events={events}
          />
        </ScrollFrame>
        {props.renderDetail && (
          <aside className={s.detail} aria-label="جزئیات ردیف جاری" style={{ maxHeight: height }}>
            {focused !== undefined ? (
              props.renderDetail(focused)
            ) : (
              <p>
                ردیفی را با <Kbd>J</Kbd> و <Kbd>K</Kbd> برگزینید تا همه جزئیاتش اینجا دیده شود.
              </p>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
