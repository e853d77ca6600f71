import { sql } from 'drizzle-orm';
import { STATUS_SECTIONS } from '../../../contract/status-report.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';

/** Reads of the status report's tables, and how its refusals are answered. */

export const COMPANY_NOT_FOUND = 'شخص حقوقی یافت نشد';

/** 409 message when the section was saved by someone else after it was read. */
export const SECTION_STALE_MESSAGE =
  'این بخش پس از باز شدن آن به دست کاربر دیگری ذخیره شده است؛ تغییرات شما ذخیره نشد. بخش را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه وارد کنید';

/** 409 `{ stale: true, current_version }` (0: the section is still unsaved). */
export const sectionStale = (currentVersion: number) =>
  new HttpError(409, SECTION_STALE_MESSAGE, undefined, { stale: true, current_version: currentVersion });

export interface Company {
  id: number;
  name: string;
  national_id: string | null;
}

/** The company `id` unless it does not exist or is deleted; else 404 «شخص حقوقی یافت نشد». */
export async function companyOr404(db: Db, id: number): Promise<Company> {
  const [row] = await queryRows<Company>(
    db,
    sql`SELECT id, name, national_id FROM legal_persons WHERE id = ${id} AND deleted_at IS NULL`,
  );
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

export interface SectionRow {
  section: number;
  data: Record<string, unknown>;
  version: number;
  updated_at: string;
  user_id: number | null;
  user_name: string | null;
}

/** The saved sections of company `id`, by section number. */
export async function savedSections(db: Db, id: number): Promise<Map<number, SectionRow>> {
  const rows = await queryRows<SectionRow>(
    db,
    sql`SELECT s.section, s.data, s.version, ${isoTimestamp(sql.raw('s.updated_at'))} AS updated_at,
          u.id AS user_id, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name
        FROM legal_person_status_sections s LEFT JOIN users u ON u.id = s.updated_by
        WHERE s.legal_person_id = ${id}
        ORDER BY s.section`,
  );
  return new Map(rows.map((r) => [Number(r.section), { ...r, section: Number(r.section) }]));
}

/**
 * A section's data as the audit log keeps it: one entry per field and per table cell, keyed by
 * its Persian labels (`سرمایه و سهام › سرمایه ثبتی (ریال)`, `سهامداران › ردیف ۲ › تعداد سهام`),
 * so the company's history tab names every change without a catalogue of its own.
 */
export function auditValues(n: number, data: Record<string, unknown> | null): Record<string, unknown> {
  if (!data) return {};
  const spec = STATUS_SECTIONS[n]!;
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) out[`${spec.title} › ${f.label}`] = data[f.name] ?? null;
  if (spec.table) {
    const rows = (data.rows as Record<string, unknown>[] | undefined) ?? [];
    rows.forEach((row, i) => {
      for (const c of spec.table!.columns) {
        out[`${spec.title} › ردیف ${toPersianDigits(i + 1)} › ${c.label}`] = row[c.name] ?? null;
      }
    });
  }
  return out;
}
