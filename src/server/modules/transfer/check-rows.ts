import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { legalPersonInput, truePersonInput } from '../../../contract/person-forms.ts';
import type { ImportReport, ImportRowError } from '../../../contract/person-transfer.ts';
import { normalizePersian, toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { checkLegal, checkTrue } from '../persons/edit-checks.ts';
import {
  type ExportColumn,
  type ExportSpec,
  legalPersonsExport,
  truePersonsExport,
} from '../persons/lists.ts';
import type { CellValue, Sheet } from './read-sheet.ts';

/**
 * Checks every row of an import as the create form is checked: the cells become the form's input
 * (labels → codes, names → ids), then the SAME zod schema (legalPersonInput / truePersonInput),
 * then the create's server checks (edit-checks.ts: national id / code already registered …), plus
 * duplicates within the file. Reads only; the caller writes.
 */

export type LegalValues = z.output<typeof legalPersonInput>;
export type TrueValues = z.output<typeof truePersonInput>;

/** What an import of one list needs: its columns, schema, server check and unique key. */
interface Kind<V> {
  spec: ExportSpec;
  schema: z.ZodType<V>;
  check(db: Db, v: V): Promise<void>;
  /** The unique identifier field and how the table stores it. */
  key: keyof V & string;
  table: 'legal_persons' | 'true_persons';
  column: 'national_id' | 'national_code';
  duplicate: string;
}

export const LEGAL_IMPORT: Kind<LegalValues> = {
  spec: legalPersonsExport,
  schema: legalPersonInput,
  check: (db, v) => checkLegal(db, v, null),
  key: 'national_id',
  table: 'legal_persons',
  column: 'national_id',
  duplicate: 'این شناسه ملی در ردیف',
};

export const TRUE_IMPORT: Kind<TrueValues> = {
  spec: truePersonsExport,
  schema: truePersonInput,
  check: (db, v) => checkTrue(db, v, null),
  key: 'national_code',
  table: 'true_persons',
  column: 'national_code',
  duplicate: 'این کد ملی در ردیف',
};

const norm = (v: CellValue) => (v === null ? '' : normalizePersian(String(v)));
/** A number cell as digits (no exponent, no fraction noise for whole numbers). */
const text = (v: CellValue): string | undefined => {
  if (v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v).toString();
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

const YES = new Set(['بله', 'آری', 'بلی', 'هست', 'بورسی', 'true', '1', 'yes', 'y']);
const NO = new Set(['خیر', 'نه', 'نیست', 'غیربورسی', 'غیر بورسی', 'false', '0', 'no', 'n']);

/** The column's index in the header row (headers compared after Persian normalisation). */
function locate(spec: ExportSpec, headers: string[]): Map<string, number> {
  const at = new Map<string, number>();
  const wanted = headers.map((h) => normalizePersian(h));
  for (const c of spec.columns) {
    const i = wanted.indexOf(normalizePersian(c.header));
    if (i >= 0) at.set(c.key, i);
  }
  return at;
}

type Lookup = Map<string, { id: number; province: string | null }[]>;

/** Rows named in the file, by normalised name: cities (with province), industries, legal persons. */
async function lookups(db: Db, spec: ExportSpec, sheet: Sheet, at: Map<string, number>) {
  const out = new Map<string, Lookup>();
  for (const c of spec.columns) {
    const i = at.get(c.key);
    if (!c.ref || i === undefined) continue;
    const names = [...new Set(sheet.rows.map((r) => norm(r.cells[i] ?? null)).filter(Boolean))];
    const found: Lookup = new Map();
    if (names.length) {
      const list = sql.param(names);
      const q =
        c.ref === 'city'
          ? sql`SELECT c.id, c.name, p.name AS province FROM cities c JOIN provinces p ON p.id = c.province_id WHERE c.name = ANY(${list}::text[])`
          : c.ref === 'industry'
            ? sql`SELECT id, name, NULL AS province FROM industries WHERE name = ANY(${list}::text[])`
            : sql`SELECT id, name, NULL AS province FROM legal_persons WHERE name = ANY(${list}::text[]) AND deleted_at IS NULL`;
      for (const r of await queryRows<{ id: number; name: string; province: string | null }>(db, q)) {
        const key = normalizePersian(r.name);
        found.set(key, [...(found.get(key) ?? []), { id: r.id, province: r.province }]);
      }
    }
    out.set(c.key, found);
  }
  return out;
}

const REF_WHAT: Record<NonNullable<ExportColumn['ref']>, string> = {
  city: 'شهرها',
  industry: 'صنایع',
  legal_person: 'اشخاص حقوقی',
};

/**
 * The report of `sheet` for `kind`, and the parsed values of its rows (in file order; only
 * meaningful when the report has no errors). Throws 422 on `file` when the header row lacks a
 * column the form requires.
 */
export async function checkRows<V extends Record<string, unknown>>(
  db: Db,
  kind: Kind<V>,
  sheet: Sheet,
): Promise<{ report: ImportReport; values: V[] }> {
  const { spec } = kind;
  const at = locate(spec, sheet.headers);
  // The fields an empty form is refused for must have their columns (yes/no columns default to «خیر»).
  const probe = kind.schema.safeParse({});
  const needed = new Set(probe.success ? [] : probe.error.issues.map((i) => String(i.path[0])));
  const required = spec.columns.filter((c) => c.input && c.kind !== 'bool' && needed.has(c.input));
  const missing = required.filter((c) => !at.has(c.key)).map((c) => `«${c.header}»`);
  if (at.size === 0 || missing.length) {
    const message = at.size
      ? `ستون‌های ${missing.join('، ')} در سطر نخست پرونده نیست؛ از الگوی ورود استفاده کنید`
      : 'سطر نخست پرونده سرستون‌های الگوی ورود را ندارد؛ الگو را دریافت و پر کنید';
    throw invalid({ file: [message] }, message);
  }
  const refs = await lookups(db, spec, sheet, at);
  const headerOf = new Map(spec.columns.filter((c) => c.input).map((c) => [c.input!, c.header]));
  const errors: ImportRowError[] = [];
  const values: V[] = [];
  const bad = new Set<number>();
  const seen = new Map<string, number>();
  const taken: { index: number; value: V }[] = [];

  sheet.rows.forEach((r, index) => {
    const add = (field: string, column: string, message: string) => {
      errors.push({ row: r.row, column, field, message });
      bad.add(index);
    };
    const cell = (c: ExportColumn) => {
      const i = at.get(c.key);
      return i === undefined ? null : (r.cells[i] ?? null);
    };
    const input: Record<string, unknown> = {};
    for (const c of spec.columns) {
      if (!c.input) continue;
      const v = cell(c);
      const raw = text(v);
      if (c.ref) {
        input[c.input] = null;
        if (!raw) continue;
        const hits = refs.get(c.key)?.get(normalizePersian(raw)) ?? [];
        const province = c.province ? norm(cell(spec.columns.find((p) => p.key === c.province)!)) : '';
        const match = province ? hits.filter((h) => normalizePersian(h.province ?? '') === province) : hits;
        if (match.length === 1) input[c.input] = match[0]!.id;
        else if (match.length === 0) add(c.input, c.header, `«${raw}» در فهرست ${REF_WHAT[c.ref]} یافت نشد`);
        else add(c.input, c.header, `چند مورد با نام «${raw}» هست؛ ستون استان را هم پر کنید`);
      } else if (c.kind === 'code') {
        if (!raw) continue;
        const code = Object.entries(c.labels ?? {}).find(
          ([k, label]) => k === raw || normalizePersian(label) === normalizePersian(raw),
        )?.[0];
        if (code) input[c.input] = code;
        else {
          const options = Object.values(c.labels ?? {}).join('، ');
          add(c.input, c.header, `«${raw}» برای «${c.header}» معتبر نیست؛ یکی از: ${options}`);
        }
      } else if (c.kind === 'bool') {
        const word = raw ? normalizePersian(raw).toLowerCase() : 'خیر';
        if (YES.has(word)) input[c.input] = true;
        else if (NO.has(word)) input[c.input] = false;
        else add(c.input, c.header, `«${raw}» برای «${c.header}» معتبر نیست؛ بله یا خیر بنویسید`);
      } else {
        input[c.input] = raw;
      }
    }
    const parsed = kind.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (errors.some((e) => e.row === r.row && e.field === field)) continue;
        add(field, headerOf.get(field) ?? '', issue.message);
      }
      return;
    }
    const value = parsed.data;
    values[index] = value;
    const key = value[kind.key] as string | null;
    if (!key) return;
    const first = seen.get(key);
    if (first !== undefined) {
      add(
        kind.key,
        headerOf.get(kind.key) ?? '',
        `${kind.duplicate} ${toPersianDigits(first)} همین پرونده هم آمده است`,
      );
    } else seen.set(key, r.row);
    taken.push({ index, value });
  });

  // The create's own checks, for the rows whose national id / code is registered already.
  const keys = taken.map((t) => t.value[kind.key] as string);
  const registered = keys.length
    ? new Set(
        (
          await queryRows<{ k: string }>(
            db,
            sql`SELECT ${sql.identifier(kind.column)} AS k FROM ${sql.identifier(kind.table)} WHERE ${sql.identifier(kind.column)} = ANY(${sql.param(keys)}::text[])`,
          )
        ).map((x) => x.k),
      )
    : new Set<string>();
  for (const t of taken) {
    if (!registered.has(t.value[kind.key] as string)) continue;
    try {
      await kind.check(db, t.value);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const r = sheet.rows[t.index]!;
      for (const [field, messages] of Object.entries(e.fields ?? { _: [e.message] })) {
        for (const message of messages) {
          errors.push({ row: r.row, column: headerOf.get(field) ?? '', field, message });
        }
      }
      bad.add(t.index);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { report: { rows: sheet.rows.length, valid: sheet.rows.length - bad.size, errors }, values };
}
