import type { LegalPickerRow, PersonPickerRow } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY } from '~/ui/format.ts';

const idText = (v: string | null) => (v ? <span dir="ltr">{toPersianDigits(v)}</span> : EMPTY);

const legal = columnHelper<LegalPickerRow>();

/** All legal persons: name and national id (sortable by name). */
export const allLegalColumns = legal.columns([
  legal.accessor('name', { header: 'نام', size: 320, meta: { grow: 1 } }),
  legal.accessor('national_id', {
    header: 'شناسه ملی',
    size: 130,
    enableSorting: false,
    cell: (c) => idText(c.getValue()),
  }),
]);

const any = columnHelper<PersonPickerRow>();

/** All persons: the type (legal or true), name and national id / code (sortable by name). */
export const allPersonsColumns = any.columns([
  any.accessor('type', {
    header: 'نوع شخص',
    size: 90,
    enableSorting: false,
    cell: (c) => (c.getValue() === 'legal' ? <Badge tone="first">حقوقی</Badge> : <Badge>حقیقی</Badge>),
  }),
  any.accessor('name', { header: 'نام', size: 320, meta: { grow: 1 } }),
  any.accessor('national_id', {
    header: 'شناسه ملی / کد ملی',
    size: 140,
    enableSorting: false,
    cell: (c) => idText(c.getValue()),
  }),
]);
