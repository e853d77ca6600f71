import type { BoardInterlockRow, ShareholdingInterlockRow } from '~/contract/board-ownership.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { formatNumber } from '~/ui/format.ts';
import { personShareText, seatRole, seatText, tiesText } from './interlock-parts.tsx';

/** The interlocks list's columns, one set per kind. Ids are the server's sort keys; unsortable ones say so. */

const board = columnHelper<BoardInterlockRow>();

export const boardInterlockColumns = board.columns([
  board.accessor((r) => r.person.name, { id: 'person', header: 'شخص', size: 180 }),
  board.accessor('boards', {
    header: 'هیئت‌ها',
    size: 90,
    sortDescFirst: true,
    meta: { numeric: true, description: 'شمار شرکت‌هایی که در هیئت مدیره جاری آن‌ها عضو است' },
    cell: (c) => formatNumber(c.getValue()),
  }),
  board.accessor((r) => r.seats.map(seatText).join('، '), {
    id: 'seats',
    header: 'کرسی‌ها (شرکت و سمت)',
    size: 420,
    enableSorting: false,
    meta: { grow: 1 },
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
]);

const holding = columnHelper<ShareholdingInterlockRow>();

export const shareholdingInterlockColumns = holding.columns([
  holding.accessor((r) => r.person.name, { id: 'person', header: 'عضو هیئت مدیره', size: 170 }),
  holding.accessor((r) => `${r.seat.company.name} (${seatRole(r.seat)})`, {
    id: 'company',
    header: 'در هیئت مدیره',
    size: 240,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  holding.accessor((r) => r.related.name, { id: 'related', header: 'سهامدار شرکت', size: 200 }),
  holding.accessor('person_share', {
    header: 'سهم عضو',
    size: 90,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => personShareText(c.getValue()),
  }),
  holding.accessor((r) => tiesText(r.ties), {
    id: 'ties',
    header: 'پیوند دو شرکت',
    size: 300,
    enableSorting: false,
    meta: { grow: 1 },
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
]);
