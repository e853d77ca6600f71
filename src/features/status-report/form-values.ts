import type { FieldSpec, SectionSpec } from '~/contract/status-report.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits, toPersianDigitsInText } from '~/domain/persian-text.ts';

/**
 * A section's values as its form holds them (strings as typed, booleans for check boxes), made
 * from the section's canonical data (contract/status-report.ts) and sent back as they are: the
 * section's schema reads them on both sides.
 */

export type Cell = string | boolean;
export type RowValues = Record<string, Cell>;
export interface SectionValues {
  fields: Record<string, Cell>;
  rows: RowValues[];
}

/** A fraction 0..1 as the percentage typed in the form: '0.125000' → '۱۲٫۵'. */
export function percentOf(fraction: unknown): string {
  const n = Number(fraction);
  if (fraction === null || fraction === undefined || fraction === '' || !Number.isFinite(n)) return '';
  const text = String(Number((n * 100).toFixed(4)));
  return toPersianDigits(text).replace('.', '٫');
}

/** One canonical value as its control shows it. */
export function cellOf(spec: FieldSpec, value: unknown): Cell {
  if (spec.kind === 'check') return value === true;
  if (value === null || value === undefined) return '';
  switch (spec.kind) {
    case 'date':
      return toPersianDigits(jalaliOfIso(String(value)));
    case 'fraction':
      return percentOf(value);
    case 'count':
    case 'year':
    case 'signed_amount':
    case 'legal_id':
    case 'code':
      return toPersianDigits(String(value));
    default:
      return toPersianDigitsInText(String(value));
  }
}

/** A new, empty row of the section's table. */
export function blankRow(spec: SectionSpec): RowValues {
  return Object.fromEntries(
    (spec.table?.columns ?? []).map((c) => [c.name, c.kind === 'check' ? false : '']),
  );
}

/** The form values of a section's canonical data. */
export function valuesOf(spec: SectionSpec, data: Record<string, unknown>): SectionValues {
  const fields = Object.fromEntries(spec.fields.map((f) => [f.name, cellOf(f, data[f.name])]));
  const rows = ((data.rows as Record<string, unknown>[] | undefined) ?? []).map((r) =>
    Object.fromEntries((spec.table?.columns ?? []).map((c) => [c.name, cellOf(c, r[c.name])])),
  );
  return { fields, rows };
}

/** What the section's save sends as `data`. */
export function payloadOf(spec: SectionSpec, values: SectionValues): Record<string, unknown> {
  return spec.table ? { ...values.fields, rows: values.rows } : { ...values.fields };
}
