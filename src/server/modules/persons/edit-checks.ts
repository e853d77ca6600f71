import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DuplicateRef, legalPersonInput, truePersonInput } from '../../../contract/person-forms.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/pg-errors.ts';
import { type FieldErrors, HttpError } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';

/**
 * What the person edit calls (edit.ts) check beyond the schema — picked rows exist, the national
 * id / code is nobody else's — and how a lost race or a stale version is answered (422 / 409,
 * never 500).
 */

type LegalValues = z.output<typeof legalPersonInput>;
type TrueValues = z.output<typeof truePersonInput>;

/** 409 message when the record changed after the form was opened. */
export const STALE_MESSAGE =
  'این رکورد پس از باز شدن آن در فرم شما تغییر کرده است؛ صفحه را تازه کنید و تغییرات را دوباره وارد کنید';

/** True when `next` holds the same value as `current` for every field of `current`. */
export function sameFields(current: Record<string, unknown>, next: Record<string, unknown>) {
  return Object.keys(current).every((k) => (current[k] ?? null) === (next[k] ?? null));
}

// ---------------------------------------------------------------------------------------------
// Checks the schema cannot make

const DUPLICATE_LEGAL = (name: string) => `این شناسه ملی پیش‌تر برای «${name}» ثبت شده است`;
const DUPLICATE_TRUE = (name: string) => `این کد ملی پیش‌تر برای «${name}» ثبت شده است`;
/**
 * A deleted record keeps its national id / code (the unique index spans deleted rows, and an
 * undo must be able to bring it back): a save with it is refused, without a link (its view is 404).
 */
const DELETED_LEGAL = (name: string) =>
  `این شناسه ملی متعلق به «${name}» است که حذف شده است؛ برای بازگرداندن آن با مدیر سامانه تماس بگیرید`;
const DELETED_TRUE = (name: string) =>
  `این کد ملی متعلق به «${name}» است که حذف شده است؛ برای بازگرداندن آن با مدیر سامانه تماس بگیرید`;

interface Holder extends DuplicateRef {
  /** The holder is soft-deleted. */
  deleted: boolean;
}

/** The other legal person holding `nationalId` (deleted or not), if any. */
async function legalHolder(db: Db, nationalId: string | null, selfId: number | null): Promise<Holder | null> {
  if (!nationalId) return null;
  const [row] = await queryRows<{ id: number; name: string; deleted: boolean }>(
    db,
    sql`SELECT id, name, deleted_at IS NOT NULL AS deleted FROM legal_persons
        WHERE national_id = ${nationalId} AND id <> ${selfId ?? 0} LIMIT 1`,
  );
  return row
    ? { id: row.id, name: row.name, path: `/person/legal-persons/view/${row.id}`, deleted: row.deleted }
    : null;
}

/** The other true person holding `nationalCode` (deleted or not), if any. */
async function trueHolder(db: Db, nationalCode: string, selfId: number | null): Promise<Holder | null> {
  const [row] = await queryRows<{ id: number; name: string; deleted: boolean }>(
    db,
    sql`SELECT id, first_name || ' ' || last_name AS name, deleted_at IS NOT NULL AS deleted FROM true_persons
        WHERE national_code = ${nationalCode} AND id <> ${selfId ?? 0} LIMIT 1`,
  );
  return row
    ? { id: row.id, name: row.name, path: `/person/true-persons/view/${row.id}`, deleted: row.deleted }
    : null;
}

/** 404 when the record being updated (`selfId`) has been deleted. */
async function refuseDeleted(db: Db, table: 'legal_persons' | 'true_persons', selfId: number | null) {
  if (selfId === null) return;
  const [row] = await queryRows<{ deleted: boolean }>(
    db,
    sql`SELECT deleted_at IS NOT NULL AS deleted FROM ${sql.raw(table)} WHERE id = ${selfId}`,
  );
  if (row?.deleted)
    throw new HttpError(404, table === 'legal_persons' ? 'شخص حقوقی یافت نشد' : 'شخص حقیقی یافت نشد');
}

/** Throws 422 with `fields` (and `duplicate` when the national id/code is taken) if any. */
export function refuse(fields: FieldErrors, duplicate: DuplicateRef | null) {
  if (Object.keys(fields).length === 0) return;
  throw new HttpError(422, 'اطلاعات واردشده معتبر نیست', fields, duplicate ? { duplicate } : undefined);
}

/**
 * 422 per picked id that names no row (a deleted supervising body counts as none); the duplicate
 * national id (with its record, or without a link when that record is deleted). 404 when the
 * record being updated (`selfId`) is deleted.
 */
export async function checkLegal(db: Db, v: LegalValues, selfId: number | null) {
  await refuseDeleted(db, 'legal_persons', selfId);
  const [row] = await queryRows<{ city: boolean; industry: boolean; body: boolean }>(
    db,
    sql`SELECT
      (${v.registration_city_id}::int IS NULL OR EXISTS (SELECT 1 FROM cities WHERE id = ${v.registration_city_id}::int)) AS city,
      (${v.industry_id}::int IS NULL OR EXISTS (SELECT 1 FROM industries WHERE id = ${v.industry_id}::int)) AS industry,
      (${v.supervising_body_id}::int IS NULL OR EXISTS (SELECT 1 FROM legal_persons WHERE id = ${v.supervising_body_id}::int AND deleted_at IS NULL)) AS body`,
  );
  const fields: FieldErrors = {};
  if (!row?.city) fields.registration_city_id = ['شهر محل ثبت یافت نشد؛ آن را از فهرست انتخاب کنید'];
  if (!row?.industry) fields.industry_id = ['صنعت یافت نشد؛ آن را از فهرست انتخاب کنید'];
  if (!row?.body) fields.supervising_body_id = ['نهاد ناظر یافت نشد؛ آن را از فهرست انتخاب کنید'];
  else if (selfId !== null && v.supervising_body_id === selfId) {
    fields.supervising_body_id = ['نهاد ناظر نمی‌تواند خود این شخص حقوقی باشد'];
  }
  const holder = await legalHolder(db, v.national_id, selfId);
  if (holder) fields.national_id = [(holder.deleted ? DELETED_LEGAL : DUPLICATE_LEGAL)(holder.name)];
  refuse(fields, holder && !holder.deleted ? duplicateRef(holder) : null);
}

const duplicateRef = ({ id, name, path }: Holder): DuplicateRef => ({ id, name, path });

/** As checkLegal, for a true person (birth city, national code; 404 when `selfId` is deleted). */
export async function checkTrue(db: Db, v: TrueValues, selfId: number | null) {
  await refuseDeleted(db, 'true_persons', selfId);
  const [row] = await queryRows<{ city: boolean }>(
    db,
    sql`SELECT (${v.birth_city_id}::int IS NULL OR EXISTS (SELECT 1 FROM cities WHERE id = ${v.birth_city_id}::int)) AS city`,
  );
  const fields: FieldErrors = {};
  if (!row?.city) fields.birth_city_id = ['شهر محل تولد یافت نشد؛ آن را از فهرست انتخاب کنید'];
  const holder = await trueHolder(db, v.national_code, selfId);
  if (holder) fields.national_code = [(holder.deleted ? DELETED_TRUE : DUPLICATE_TRUE)(holder.name)];
  refuse(fields, holder && !holder.deleted ? duplicateRef(holder) : null);
}

/**
 * Runs `write`; a unique violation on the national id/code (another save won the race between
 * the check and the write) or a foreign-key violation (a picked row deleted meanwhile) becomes
 * the same 422 the checks give, never a 500. The transaction has rolled back by then.
 */
export async function guarded<T>(
  write: () => Promise<T>,
  onUnique: () => Promise<never>,
  fkFields: Record<string, string>,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const { code, constraint } = pgError(e);
    if (code === '23505') await onUnique();
    if (code === '23503') {
      const field = Object.keys(fkFields).find((f) => constraint?.includes(f));
      if (field) throw new HttpError(422, 'اطلاعات واردشده معتبر نیست', { [field]: [fkFields[field]!] });
    }
    throw e;
  }
}

/**
 * After a unique violation: the checks again (now seeing the record that won, so they throw the
 * 422 with `duplicate`); should that record be gone already, a plain 422 on `field`.
 */
export async function raceLost(check: Promise<void>, field: 'national_id' | 'national_code'): Promise<never> {
  await check;
  const what = field === 'national_id' ? 'این شناسه ملی' : 'این کد ملی';
  throw new HttpError(422, 'اطلاعات واردشده معتبر نیست', { [field]: [`${what} پیش‌تر ثبت شده است`] });
}

export const LEGAL_FK: Record<string, string> = {
  registration_city_id: 'شهر محل ثبت یافت نشد؛ آن را از فهرست انتخاب کنید',
  industry_id: 'صنعت یافت نشد؛ آن را از فهرست انتخاب کنید',
};
export const TRUE_FK: Record<string, string> = {
  birth_city_id: 'شهر محل تولد یافت نشد؛ آن را از فهرست انتخاب کنید',
};

export function staleError(currentVersion: number) {
  return new HttpError(409, STALE_MESSAGE, undefined, { stale: true, current_version: currentVersion });
}
