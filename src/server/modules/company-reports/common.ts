import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { companyRef } from '../../../contract/company-reports.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { STALE_MESSAGE } from '../persons/edit-checks.ts';

/**
 * What the company-reports routes share: the company they belong to (404 when missing or
 * soft-deleted), the 409 of a stale version and the audit entry on the company (entity
 * `legal_person`) that its history tab shows. A taken unique key is checked before the write and,
 * should a concurrent save win the race, caught by db/pg-errors.ts' uniqueGuard.
 */

export const COMPANY_NOT_FOUND = 'شخص حقوقی یافت نشد';

/** The company a report belongs to: id, name, ticker (contract/company-reports.ts `companyRef`). */
export type CompanyRef = z.infer<typeof companyRef>;

/** The live company `id` (id, name, ticker); 404 «شخص حقوقی یافت نشد» when missing or deleted. */
export async function liveCompany(db: Db, id: number): Promise<CompanyRef> {
  const [row] = await queryRows<CompanyRef>(
    db,
    sql`SELECT id, name, ticker FROM legal_persons WHERE id = ${id} AND deleted_at IS NULL`,
  );
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

/** As liveCompany, for a company picked in a form: 422 on `field` instead of 404. */
export async function pickedCompany(db: Db, id: number, field = 'legal_person_id'): Promise<CompanyRef> {
  try {
    return await liveCompany(db, id);
  } catch {
    throw invalid({ [field]: ['شرکت یافت نشد؛ آن را از فهرست انتخاب کنید'] });
  }
}

/** 409 `{ stale: true, current_version }`: the row changed after the form was opened. */
export function stale(currentVersion: number) {
  return new HttpError(409, STALE_MESSAGE, undefined, { stale: true, current_version: currentVersion });
}

/** Numeric column value as a plain decimal string without trailing fraction zeros (`12.50` → `12.5`). */
export function dec(v: string | null): string | null {
  if (v === null) return null;
  return v.includes('.') ? v.replace(/\.?0+$/, '') : v;
}

/**
 * `num / den` as a fraction string with 4 decimals (ratio rounded half up), or null when either
 * is missing or `den` is 0. Exact on decimal strings (BigInt over 10^-2 units).
 */
export function ratio(num: string | null, den: string | null): string | null {
  if (num === null || den === null) return null;
  const cents = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i! + f.padEnd(2, '0').slice(0, 2));
  };
  const d = cents(den);
  if (d === 0n) return null;
  const scaled = (cents(num) * 100_000n) / d; // 5 decimals, then round to 4
  const q = (scaled + 5n) / 10n;
  const s = q.toString().padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
}
