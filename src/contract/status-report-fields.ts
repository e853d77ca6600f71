import { z } from 'zod';
import { toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { jalaliDate, optionalAmount, optionalText, persianText } from './fields.ts';
import { legalNationalId } from './legal-person.ts';

/**
 * The fields of the company status report (contract/status-report.ts): how a field is described
 * (`FieldSpec`: name, Persian label, kind) and the zod schema of each kind. Inputs are what a
 * form holds (any digits, Jalali dates, percentages); outputs are canonical (ASCII digits, ISO
 * dates, IRR digit strings, integers, fractions 0..1 with 6 decimals as strings).
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'legal_id'
  | 'code'
  | 'amount'
  | 'signed_amount'
  | 'count'
  | 'date'
  | 'year'
  | 'fraction'
  | 'select'
  | 'check';

/** One field of a section or one column of its table. */
export interface FieldSpec {
  name: string;
  /** Persian label (with the unit when it has one). */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** The choices of a `select`, stored as they read (Persian). */
  options?: readonly string[];
  /** Longest text. */
  max?: number;
  /** Takes the form's whole width. */
  wide?: boolean;
}

export interface TableSpec {
  /** Persian caption of the table. */
  title: string;
  columns: FieldSpec[];
  /** Most rows accepted. */
  max: number;
}

export interface SectionSpec {
  n: number;
  /** English key (URLs, test ids). */
  key: string;
  title: string;
  fields: FieldSpec[];
  /** The section's table, stored under `rows`. */
  table?: TableSpec;
}

const blankToNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
const required = (label: string) => `${label} را وارد کنید`;
const digitsOf = (v: unknown) =>
  toAsciiDigits(String(v))
    .replace(/[,،٬\s]/g, '')
    .replace(/[−–]/g, '-');

/** A whole number typed in any digits (head counts, years) → integer, or null. */
const intField = (label: string, min: number, max: number, message: string) =>
  z
    .union([z.string().max(40), z.number()])
    .nullish()
    .transform((raw, ctx) => {
      if (blankToNull(raw) === null) return null;
      const n = Number(digitsOf(raw));
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} ${message}` });
        return z.NEVER;
      }
      return n;
    });

/** An IRR amount that may be negative (losses): `-1200` or `(1200)` → '-1200'. */
const signedAmount = (label: string) =>
  z
    .string()
    .max(60)
    .nullish()
    .transform((raw, ctx) => {
      if (!raw?.trim()) return null;
      let s = digitsOf(raw);
      if (/^\(\d+\)$/.test(s)) s = `-${s.slice(1, -1)}`;
      if (!/^-?\d{1,24}$/.test(s)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} باید عددی صحیح به ریال باشد (زیان با علامت منفی)`,
        });
        return z.NEVER;
      }
      const neg = s.startsWith('-');
      const int = s.replace('-', '').replace(/^0+(?=\d)/, '');
      return neg && int !== '0' ? `-${int}` : int;
    });

/** A percentage typed `12.5` / `۱۲٫۵` / `12.5%` → the fraction '0.125000', or null. */
const fractionField = (label: string) =>
  z
    .union([z.string().max(20), z.number()])
    .nullish()
    .transform((raw, ctx) => {
      if (blankToNull(raw) === null) return null;
      const s = digitsOf(raw).replace('٫', '.').replace(/[%٪]/g, '');
      const n = Number(s);
      if (!/^\d+(\.\d+)?$/.test(s) || n > 100) {
        ctx.addIssue({ code: 'custom', message: `${label} باید عددی میان ۰ تا ۱۰۰ باشد` });
        return z.NEVER;
      }
      return (n / 100).toFixed(6);
    });

/** An identifier of digits only (postal code, economic code, a holder's id), any digits → ASCII, or null. */
const codeField = (label: string, max: number) =>
  z
    .string()
    .max(60)
    .nullish()
    .transform((raw, ctx) => {
      if (!raw?.trim()) return null;
      const s = toAsciiDigits(raw).replace(/[\s-]/g, '');
      if (!/^\d+$/.test(s) || s.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} باید حداکثر ${toPersianDigits(max)} رقم باشد` });
        return z.NEVER;
      }
      return s;
    });

/** The zod schema of one field (input: what the form holds; output: canonical). */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  const { label, max = 300 } = spec;
  let s: z.ZodType;
  switch (spec.kind) {
    case 'text':
    case 'textarea':
      return spec.required ? persianText(label, max) : optionalText(label, max);
    case 'legal_id':
      s = legalNationalId;
      break;
    case 'code':
      s = codeField(label, spec.max ?? 20);
      break;
    case 'amount':
      s = optionalAmount(label);
      break;
    case 'signed_amount':
      s = signedAmount(label);
      break;
    case 'count':
      s = intField(label, 0, 10_000_000, 'باید عددی صحیح و نامنفی باشد');
      break;
    case 'year':
      s = intField(label, 1300, 1499, 'باید سالی شمسی مانند ۱۴۰۲ باشد');
      break;
    case 'date':
      s = z
        .string()
        .max(20)
        .nullish()
        .transform((v) => v?.trim() || null)
        .pipe(jalaliDate(label).nullable());
      break;
    case 'fraction':
      s = fractionField(label);
      break;
    case 'select':
      s = z
        .string()
        .nullish()
        .transform((v) => v || null)
        .pipe(
          z
            .enum(spec.options as [string, ...string[]], { error: `${label} را از فهرست انتخاب کنید` })
            .nullable(),
        );
      break;
    case 'check':
      return z.boolean({ error: `${label} را مشخص کنید` }).default(false);
  }
  if (!spec.required) return s;
  return s.refine((v) => v !== null, { message: required(label) });
}
