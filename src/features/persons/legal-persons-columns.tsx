import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { LegalPersonRow } from '~/contract/persons.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatNumber, formatRial } from '~/ui/format.ts';
import { DemoBadge, idText, StatusBadge } from './labels.tsx';

const nameCell = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minWidth: 0,
  '& a': {
    color: 'ink',
    textDecoration: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    _hover: { color: 'first.text', textDecoration: 'underline' },
  },
});

const col = columnHelper<LegalPersonRow>();

/** The legal persons list's columns. Ids are the server's sort keys; unsortable ones say so. */
export const legalPersonColumns = col.columns([
  col.accessor('name', {
    header: 'نام',
    size: 200,
    meta: { grow: 1 },
    cell: ({ row }) => (
      <span className={nameCell}>
        <Link
          to="/person/legal-persons/view/$id"
          params={{ id: String(row.original.id) }}
          tabIndex={-1}
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.name}
        </Link>
        {row.original.is_demo && <DemoBadge />}
      </span>
    ),
  }),
  col.accessor('national_id', { header: 'شناسه ملی', size: 105, cell: (c) => idText(c.getValue()) }),
  col.accessor('ticker', { header: 'نماد', size: 80, cell: (c) => c.getValue() ?? EMPTY }),
  col.accessor('industry', {
    header: 'صنعت',
    size: 140,
    enableSorting: false,
    cell: (c) => <span title={c.getValue() ?? undefined}>{c.getValue() ?? EMPTY}</span>,
  }),
  col.accessor('ownership_type', {
    header: 'نوع مالکیت',
    size: 100,
    enableSorting: false,
    cell: (c) => c.getValue() ?? EMPTY,
  }),
  col.accessor('status', {
    header: 'وضعیت',
    size: 90,
    enableSorting: false,
    cell: (c) => <StatusBadge status={c.getValue()} />,
  }),
  col.accessor('registered_capital', {
    header: 'سرمایه ثبتی (ریال)',
    size: 160,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatRial(c.getValue()),
  }),
  col.accessor('employees', {
    header: 'کارکنان (نفر)',
    size: 95,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('province', {
    header: 'استان',
    size: 95,
    enableSorting: false,
    cell: (c) => c.getValue() ?? EMPTY,
  }),
]);
