import type { Header, Row, RowData } from '@tanstack/react-table';
import {
  type Dispatch,
  memo,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import type { DataTableFeatures } from './columns.ts';
import { type CursorContext, type CursorState, reduceCursor } from './cursor.ts';
import { DataRow } from './data-row.tsx';
import { HeaderRow } from './header-row.tsx';
import { ListMessage, SkeletonRow } from './list-states.tsx';
import type { GridRowEvents, RowEventsRef } from './row-events.ts';
import * as s from './styles.ts';
import { useRowVirtualizer } from './use-row-virtualizer.ts';

const SKELETON_ROWS = 12;

/** What the grid needs of the list's first block. */
export interface GridListState {
  isError: boolean;
  error: Error | null;
  refetch(): Promise<unknown>;
}

/** The row events of the grid, each by row index; stable for the grid's lifetime. */

export interface GridViewProps<T extends RowData> {
  domId: string;
  label: string;
  scrollRef: RefObject<HTMLTableElement | null>;
  height: number | undefined;
  headers: Header<DataTableFeatures, T, unknown>[];
  template: string;
  minWidth: number;
  /** Rows in the whole result. */
  count: number;
  /** The table's row at a position, or undefined while its block is not held (a placeholder). */
  rowAt(index: number): Row<DataTableFeatures, T> | undefined;
  /** Whether the row at a position (with this id) is selected. */
  isSelected(index: number, id: string): boolean;
  /** The columns of row `id` whose cells are chosen one by one (undefined when none). */
  selectedCols?(id: string): ReadonlySet<string> | undefined;
  /** Told the positions the viewport shows (the list reads their blocks). */
  onViewport(first: number, last: number): void;
  /** The sorting state: only its identity matters here (headers read it from the table). */
  sorting: readonly unknown[];
  total: number | undefined;
  loading: boolean;
  isPlaceholderData: boolean;
  list: GridListState;
  /** The focused row (-1 none) and column. */
  focusRow: number;
  focusCol: number;
  /** Set by a key that moved the focus: the next commit scrolls the focused cell into view. */
  scrollPending: RefObject<boolean>;
  /** Scroll to `focusRow` once when it is first known (coming back to a view). */
  restore: boolean;
  filtered: boolean;
  emptyText?: string;
  emptyHint?: ReactNode;
  events: RowEventsRef<T>;
}

/**
 * The grid's row events over the list's cursor state, as one ref that never changes (so the
 * memoized rows never render again for new handlers); they read the latest context and open.
 */
export function useGridEvents<T>(
  setCursor: Dispatch<SetStateAction<CursorState>>,
  ctx: CursorContext,
  onOpen: ((row: T) => void) | undefined,
  scrollRef: RefObject<HTMLTableElement | null>,
  /** True while the list itself focuses the grid: the focus then lands on no row. */
  quietFocus: RefObject<boolean>,
): RowEventsRef<T> {
  const latest = useRef({ ctx, onOpen });
  latest.current = { ctx, onOpen };
  return useRef<GridRowEvents<T>>({
    focusRow: (index) => {
      setCursor((c) => reduceCursor(c, { type: 'focus-row', index }, latest.current.ctx));
      if (!window.getSelection()?.toString()) scrollRef.current?.focus({ preventScroll: true });
    },
    selectClick: (index, shift) =>
      setCursor((c) => reduceCursor(c, { type: 'click-select', index, shift }, latest.current.ctx)),
    open: (row) => latest.current.onOpen?.(row),
    focusFirst: () => {
      if (!quietFocus.current) setCursor((c) => (c.row < 0 ? { ...c, row: 0 } : c));
    },
  });
}

/**
 * The grid itself: the sticky header and the virtualized rows. It is a component of its own so
 * that scrolling (the virtualizer's state) re-renders only the grid, not the filters, the
 * status line and the bulk bars around it; and each row is memoized and drawn in a slot that the
 * window reuses (use-row-virtualizer.ts `windowItems`), so a scrolled frame renders only the rows
 * that came into view, in the elements of the rows that left. The grid keeps DOM focus itself and points at the
 * focused cell (aria-activedescendant): virtualized rows come and go, so they cannot hold focus.
 */
function GridViewImpl<T extends RowData>(props: GridViewProps<T>) {
  const { domId, scrollRef, count, rowAt, headers, template, minWidth, loading, list } = props;
  const { focusRow, focusCol, isPlaceholderData, total } = props;
  const colCount = headers.length + 1;

  const { scrollToIndex, items, bodyPx, shift } = useRowVirtualizer({
    scrollRef,
    count,
    skeletonRows: loading ? SKELETON_ROWS : null,
    onViewport: props.onViewport,
  });

  // Keep the focused cell in view after a key moved it.
  const { scrollPending } = props;
  useLayoutEffect(() => {
    if (!scrollPending.current || focusRow < 0) return;
    scrollPending.current = false;
    const el = document.getElementById(`${domId}-r${focusRow}-c${focusCol}`);
    if (el) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    else scrollToIndex(focusRow, { align: 'auto' });
  }, [focusRow, focusCol, domId, scrollToIndex, scrollPending]);

  // Coming back to a view: scroll to the row the user left and take focus.
  const restored = useRef(!props.restore);
  useEffect(() => {
    if (restored.current || focusRow < 0 || count <= focusRow) return;
    restored.current = true;
    scrollToIndex(focusRow, { align: 'center' });
    scrollRef.current?.focus({ preventScroll: true });
  }, [focusRow, count, scrollToIndex, scrollRef]);

  const showRows = loading || count > 0;
  const focusedVisible = items.some((it) => it.index === focusRow) && !!rowAt(focusRow);
  const events = props.events;

  return (
    <table
      ref={scrollRef}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
      role="grid"
      tabIndex={0}
      aria-label={props.label}
      aria-rowcount={total === undefined ? -1 : total + 1}
      aria-colcount={colCount}
      aria-multiselectable="true"
      aria-busy={loading || isPlaceholderData || undefined}
      aria-activedescendant={focusedVisible ? `${domId}-r${focusRow}-c${focusCol}` : undefined}
      className={s.scroller}
      style={{ height: props.height }}
      onFocus={(e) => {
        if (e.target === e.currentTarget && focusRow < 0 && count) events.current.focusFirst();
      }}
    >
      <HeaderRow
        headers={headers}
        template={template}
        minWidth={minWidth}
        focusedCol={focusRow >= 0 ? focusCol : -1}
        multiSort={props.sorting.length > 1}
      />
      <tbody
        className={s.body}
        data-placeholder={isPlaceholderData ? '' : undefined}
        style={{ minWidth, height: showRows ? bodyPx : undefined }}
      >
        {list.isError || !showRows ? (
          <ListMessage
            colCount={colCount}
            error={list.isError ? list.error : null}
            onRetry={() => void list.refetch()}
            filtered={props.filtered}
            emptyText={props.emptyText}
            emptyHint={props.emptyHint}
          />
        ) : (
          items.map((item) => {
            const top = item.top - shift;
            const row = loading ? undefined : rowAt(item.index);
            if (!row)
              return (
                <SkeletonRow
                  key={`p${item.slot}`}
                  index={loading ? undefined : item.index}
                  columns={headers.length}
                  style={{ top, gridTemplateColumns: template }}
                />
              );
            return (
              <DataRow
                key={item.slot}
                row={row}
                index={item.index}
                top={top}
                template={template}
                domId={domId}
                selected={props.isSelected(item.index, row.id)}
                focusedCol={item.index === focusRow ? focusCol : -1}
                selectedCols={props.selectedCols?.(row.id)}
                events={events}
              />
            );
          })
        )}
      </tbody>
    </table>
  );
}

export const GridView = memo(GridViewImpl) as typeof GridViewImpl;
