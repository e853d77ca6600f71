import type { ReactNode } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { columnHelper, type DataColumn } from '../data-table/columns.ts';
import {
  EMPTY,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRial,
  JALALI_MONTHS,
} from '../format.ts';

/** The ways a field's `format` shows its value (contract/entity.ts). */
const FORMATS: Readonly<Record<NonNullable<EntityField['format']>, (value: unknown) => string>> = {
  plain: (v) => toPersianDigits(String(v)),
  quantity: (v) => formatNumber(v as string),
  percent: (v) => formatPercent(v as string),
  month: (v) => JALALI_MONTHS[Number(v) - 1] ?? EMPTY,
  verbatim: (v) => String(v),
};

/** A field's value as a list cell and a view term show it. */
export function formatField(f: EntityField, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (f.many) return (value as string[]).map((v) => f.optionLabels?.[v] ?? v).join('، ');
  if (f.format) return FORMATS[f.format](value);
  switch (f.type) {
    case 'int':
      return formatNumber(value as number);
    case 'amount':
      return formatRial(value as string);
    case 'bool':
      return value ? 'بله' : 'خیر';
    case 'date':
      return formatDate(value as string);
    case 'timestamp':
      return formatDateTime(value as string);
    case 'enum':
      return f.optionLabels?.[value as string] ?? String(value);
    default:
      return toPersianDigits(String(value));
  }
}

const NUMERIC = new Set(['int', 'amount', 'date', 'timestamp']);

/** The fields an entity's list shows as columns, in the columns' order (`column.order`, else the description's). */
export function columnFields<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): [keyof F & string, EntityField][] {
  const shown = (Object.entries(entity.fields) as [keyof F & string, EntityField][]).filter(
    ([, f]) => f.column,
  );
  const place = (f: EntityField, i: number) => f.column?.order ?? i;
  return shown
    .map((e, i) => [e, place(e[1], i)] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([e]) => e);
}

/** A field's column header: the column's own (shorter) header, or the field's label. */
export const columnHeader = (f: EntityField) => f.column?.header ?? f.label;

/** True when a field's values align as numbers (a list aligns them at the end). */
export const isNumeric = (f: EntityField) => NUMERIC.has(f.type);

/**
 * The list columns of an entity: every field with `column`, in the description's order, its
 * header the field's label, its cell the field formatted (`cells` overrides one; `column.day`
 * shows a timestamp's day, `column.title` the whole text on hover), sortable where the field
 * sorts. The column id is the field's name, which is the server's sort key.
 */
export function entityColumns<F extends Record<string, EntityField>, Row extends Record<string, unknown>>(
  entity: EntityDescription<F>,
  cells: Partial<Record<keyof F & string, (row: Row) => ReactNode>> = {},
): DataColumn<Row>[] {
  const col = columnHelper<Row>();
  return columnFields(entity).map(([name, f]) =>
    col.accessor((r) => r[name], {
      id: name,
      header: columnHeader(f),
      size: f.column!.width,
      enableSorting: !!f.sort,
      sortDescFirst: NUMERIC.has(f.type),
      meta: {
        numeric: NUMERIC.has(f.type),
        grow: f.column!.grow ? 1 : undefined,
        description: f.column!.description,
      },
      cell: (c) => {
        const own = cells[name as keyof F & string];
        if (own) return own(c.row.original);
        const value = c.getValue();
        const text = f.column!.day ? formatDate(value as string) : formatField(f, value);
        return f.column!.title ? <span title={text}>{text}</span> : text;
      },
    }),
  ) as DataColumn<Row>[];
}
