import type { Labelled } from '~/contract/labels.ts';
import type { LegalPersonRow } from '~/contract/persons.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatNumber, formatRial } from '~/ui/format.ts';
import { idText, StatusBadge } from './labels.tsx';
import { labelsCell, NameCell, textOrDash } from './person-columns.tsx';

const col = columnHelper<Labelled<LegalPersonRow>>();

/** The legal persons list's columns. Ids are the server's sort keys; unsortable ones say so. */
export const legalPersonColumns = col.columns([
  col.accessor('name', {
    header: 'نام',
    size: 200,
    meta: { grow: 1 },
    cell: ({ row }) => (
      <NameCell type="legal" row={row.original}>
        {row.original.name}
      </NameCell>
    ),
  }),
  col.accessor('national_id', { header: 'شناسه ملی', size: 105, cell: (c) => idText(c.getValue()) }),
  col.accessor('ticker', { header: 'نماد', size: 80, cell: textOrDash }),
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
    cell: textOrDash,
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
    cell: textOrDash,
  }),
  // Last, so the columns the list tests and users know keep their places.
  col.display({ id: 'labels', header: 'برچسب‌ها', size: 120, cell: labelsCell }),
]);
