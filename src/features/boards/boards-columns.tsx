import type { BoardRow } from '~/contract/boards.ts';
import { Badge } from '~/ui/badge.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatDate, formatNumber } from '~/ui/format.ts';

const col = columnHelper<BoardRow>();

/** The boards list's columns. Ids are the server's sort keys; unsortable ones say so. */
export const boardColumns = col.columns([
  col.accessor('company_name', {
    header: 'شرکت',
    size: 220,
    meta: { grow: 1 },
    cell: ({ row }) => (
      <span title={row.original.company_name}>
        {row.original.company_name}
        {row.original.company_ticker ? ` (${row.original.company_ticker})` : ''}
      </span>
    ),
  }),
  col.accessor('term_start', {
    header: 'آغاز دوره',
    size: 100,
    sortDescFirst: true,
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('term_end', {
    header: 'پایان دوره',
    size: 100,
    sortDescFirst: true,
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('is_current', {
    header: 'وضعیت دوره',
    size: 100,
    enableSorting: false,
    cell: (c) => (c.getValue() ? <Badge tone="success">جاری</Badge> : <Badge>پایان‌یافته</Badge>),
  }),
  col.accessor('ceo_name', {
    header: 'مدیرعامل',
    size: 150,
    enableSorting: false,
    cell: (c) => c.getValue() ?? EMPTY,
  }),
  col.accessor('seat_count', {
    header: 'کرسی‌ها',
    size: 80,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('approved_by_assembly', {
    header: 'تصویب مجمع',
    size: 95,
    enableSorting: false,
    cell: (c) => (c.getValue() ? 'مصوب' : 'تصویب‌نشده'),
  }),
]);
