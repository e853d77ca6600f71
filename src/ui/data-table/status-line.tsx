import type { ReactNode } from 'react';
import { formatNumber } from '../format.ts';
import type { ScrollEdges } from '../scroll-frame.tsx';
import { Kbd } from './list-states.tsx';
import * as s from './styles.ts';

export interface StatusLineProps {
  loading: boolean;
  /** How many rows the whole view has (undefined before the first page). */
  total: number | undefined;
  /** The rows shown are the previous view's while the new one loads. */
  updating: boolean;
  nextPageFailed: boolean;
  selected: number;
  /** Every row matching the query is selected (Ctrl/⌘+A), `selected` being their total. */
  allMatching?: boolean;
  /** `selected` counts cells chosen one by one (X on a selectable cell), not rows. */
  cells?: boolean;
  /** The bulk actions beside the selected count. */
  selectionActions?: ReactNode;
  /** The sides of the grid with columns beyond the screen. */
  moreColumns?: ScrollEdges;
}

/** The line under the filters: the count, a failed further page, and the selection. */
export function StatusLine({
  loading,
  total,
  updating,
  nextPageFailed,
  selected,
  allMatching,
  cells,
  selectionActions,
  moreColumns,
}: StatusLineProps) {
  return (
    <div className={s.statusLine}>
      <span role="status">
        {loading ? (
          'در حال بارگذاری…'
        ) : total !== undefined ? (
          <>
            <span data-count="">{formatNumber(total)}</span> مورد
            {updating && ' · در حال به‌روزرسانی…'}
          </>
        ) : null}
      </span>
      {(moreColumns?.start || moreColumns?.end) && (
        // In right to left ← goes to the next column (on the left), → to the previous one.
        <span data-scroll-hint="">
          ستون‌های بیشتر: {moreColumns.end && <Kbd>←</Kbd>}
          {moreColumns.start && <Kbd>→</Kbd>}
        </span>
      )}
      {nextPageFailed && (
        <span role="alert">
          ادامه فهرست بارگیری نشد؛ برای تلاش دوباره <Kbd>R</Kbd> را بزنید.
        </span>
      )}
      {selected > 0 && (
        <>
          <span data-selection={allMatching ? 'all' : cells ? 'cells' : 'rows'}>
            {allMatching ? (
              <>
                همه موارد منطبق (<span data-count="">{formatNumber(selected)}</span>) انتخاب شده
              </>
            ) : (
              <>
                <span data-count="">{formatNumber(selected)}</span> {cells ? 'خانه' : 'ردیف'} انتخاب شده
              </>
            )}{' '}
            · <Kbd>Esc</Kbd> لغو انتخاب
            {!allMatching && !cells && total !== undefined && total > selected && (
              <>
                {' '}
                · <Kbd>Ctrl+A</Kbd> همه {formatNumber(total)} مورد
              </>
            )}
          </span>
          {selectionActions}
        </>
      )}
    </div>
  );
}
