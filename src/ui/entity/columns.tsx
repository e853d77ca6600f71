import type { ReactNode } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { columnHelper, type DataColumn } from '../data-table/columns.ts';
import { EMPTY, formatDate, formatDateTime, formatNumber, formatRial } from '../format.ts';

/** A field's value as a list cell and a view term show it. */
export function formatField(f: EntityField, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (f.many) return (value as string[]).map((v) => f.optionLabels?.[v] ?? v).join('، ');
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

/**
 * The list columns of an entity: every field with `column`, in the description's order, its
 * header the field's label, its cell the field formatted (`cells` overrides one; `column.day`
 * shows a timestamp's day, `column.asTyped` text as stored, `column.title` the whole text on hover), sortable where the field sorts. The column id is the field's name, which is the server's sort key.
 */
export function entityColumns<F extends Record<string, EntityField>, Row extends Record<string, unknown>>(
  entity: EntityDescription<F>,
  cells: Partial<Record<keyof F & string, (row: Row) => ReactNode>> = {},
): DataColumn<Row>[] {
  const col = columnHelper<Row>();
  return Object.entries(entity.fields)
    .filter(([, f]) => f.column)
    .map(([name, f]) =>
      col.accessor((r) => r[name], {
        id: name,
        header: f.label,
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
          const text = f.column!.day
            ? formatDate(value as string)
            : f.column!.asTyped
              ? String(value ?? '')
              : formatField(f, value);
          return f.column!.title ? <span title={text}>{text}</span> : text;
        },
      }),
    ) as DataColumn<Row>[];
}
