import type { Labelled } from '~/contract/labels.ts';
import type { TruePersonRow } from '~/contract/persons.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatDate } from '~/ui/format.ts';
import { idText } from './labels.tsx';
import { labelsCell, NameCell, textOrDash } from './person-columns.tsx';
import { GENDER_LABELS } from './search.ts';

/** 09121234567 → ۰۹۱۲***۴۵۶۷: enough to recognise a number without publishing it in a list. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return EMPTY;
  return idText(mobile.length >= 8 ? `${mobile.slice(0, 4)}***${mobile.slice(-4)}` : mobile);
}

const col = columnHelper<Labelled<TruePersonRow>>();

/** The true persons list's columns; ids are the server's sort keys. */
export const truePersonColumns = col.columns([
  col.accessor('last_name', {
    header: 'نام و نام خانوادگی',
    size: 220,
    meta: { grow: 1 },
    cell: ({ row }) => (
      <NameCell type="true" row={row.original}>
        {row.original.first_name} {row.original.last_name}
      </NameCell>
    ),
  }),
  col.accessor('father_name', {
    header: 'نام پدر',
    size: 110,
    enableSorting: false,
    cell: textOrDash,
  }),
  col.accessor('national_code', { header: 'کد ملی', size: 110, cell: (c) => idText(c.getValue()) }),
  col.accessor('gender', {
    header: 'جنسیت',
    size: 70,
    enableSorting: false,
    cell: (c) => (c.getValue() ? (GENDER_LABELS[c.getValue()!] ?? c.getValue()) : EMPTY),
  }),
  col.accessor('education_level', {
    header: 'تحصیلات',
    size: 110,
    enableSorting: false,
    cell: textOrDash,
  }),
  col.accessor('field_of_study', {
    header: 'رشته',
    size: 140,
    enableSorting: false,
    cell: textOrDash,
  }),
  col.accessor('mobile', {
    header: 'همراه',
    size: 115,
    enableSorting: false,
    meta: { description: 'شماره همراه، بخشی پنهان' },
    cell: (c) => <span dir="ltr">{maskMobile(c.getValue())}</span>,
  }),
  col.accessor('birth_date', {
    header: 'تاریخ تولد',
    size: 100,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('birth_city', {
    header: 'محل تولد',
    size: 110,
    enableSorting: false,
    cell: textOrDash,
  }),
  // Last, so the columns the list tests and users know keep their places.
  col.display({ id: 'labels', header: 'برچسب‌ها', size: 120, cell: labelsCell }),
]);
