import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { savedRecord } from '../../../contract/ids.ts';
import {
  legalPersonInput,
  legalPersonUpdate,
  type SavedRecord,
  truePersonInput,
  truePersonUpdate,
} from '../../../contract/person-forms.ts';
import { idParams } from '../../../contract/persons.ts';
import { legalSearchText, trueSearchText } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { legalPersons, truePersons } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute, type RouteContext } from '../../http/route.ts';
import {
  checkLegal,
  checkTrue,
  guarded,
  LEGAL_FK,
  raceLost,
  sameFields,
  staleError,
  TRUE_FK,
} from './edit-checks.ts';

/**
 * Create and update of legal and true persons (contract/person-forms.ts). Each call validates
 * with the shared schema (422 per field, Persian), then checks what a schema cannot: that the
 * picked cities, industry and supervising body exist, and that no other record has the national
 * id / code. Writes run in one transaction with one audit row (entity `legal_person` /
 * `true_person`, `before` and `after` as plain objects keyed by the API's field names, the ones
 * of `legalPersonInput` / `truePersonInput`). Updates are optimistic: the body carries the
 * `version` the form was opened with; another save in between answers 409 and writes nothing.
 */

type LegalValues = z.output<typeof legalPersonInput>;
type TrueValues = z.output<typeof truePersonInput>;
type Audit = RouteContext<unknown, unknown, unknown>['audit'];

const LEGAL_NOT_FOUND = 'شخص حقوقی یافت نشد';
const TRUE_NOT_FOUND = 'شخص حقیقی یافت نشد';

// ---------------------------------------------------------------------------------------------
// Rows ↔ API field names

/** The legal person's editable fields under their API names (what audit rows hold). */
function legalFields(row: typeof legalPersons.$inferSelect): Record<keyof LegalValues, unknown> {
  return {
    name: row.name,
    kind: row.kind,
    national_id: row.nationalId,
    registration_number: row.registrationNumber,
    registration_date: row.registrationDate,
    registration_city_id: row.registrationCityId,
    legal_form: row.legalForm,
    economic_code: row.economicCode,
    ownership_type: row.ownershipType,
    registered_capital: row.registeredCapital,
    share_count: row.shareCount,
    nominal_share_value: row.nominalShareValue,
    industry_id: row.industryId,
    supervising_body_id: row.supervisingBodyId,
    is_listed: row.isListed,
    ticker: row.ticker,
    status: row.status,
    address: row.address,
    postal_code: row.postalCode,
    phone: row.phone,
    website: row.website,
    employees: row.employees,
  };
}

/** Columns of a legal person from the validated input, with its search key. */
function legalColumns(v: LegalValues) {
  return {
    name: v.name,
    kind: v.kind,
    nationalId: v.national_id,
    registrationNumber: v.registration_number,
    registrationDate: v.registration_date,
    registrationCityId: v.registration_city_id,
    legalForm: v.legal_form,
    economicCode: v.economic_code,
    ownershipType: v.ownership_type,
    registeredCapital: v.registered_capital,
    shareCount: v.share_count,
    nominalShareValue: v.nominal_share_value,
    industryId: v.industry_id,
    supervisingBodyId: v.supervising_body_id,
    isListed: v.is_listed,
    ticker: v.ticker,
    status: v.status,
    address: v.address,
    postalCode: v.postal_code,
    phone: v.phone,
    website: v.website,
    employees: v.employees,
    searchText: legalSearchText(v.name, v.ticker, v.national_id),
  };
}

function trueFields(row: typeof truePersons.$inferSelect): Record<keyof TrueValues, unknown> {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    father_name: row.fatherName,
    national_code: row.nationalCode,
    birth_certificate_number: row.birthCertificateNumber,
    birth_date: row.birthDate,
    birth_city_id: row.birthCityId,
    gender: row.gender,
    mobile: row.mobile,
    email: row.email,
    education_level: row.educationLevel,
    field_of_study: row.fieldOfStudy,
  };
}

function trueColumns(v: TrueValues) {
  return {
    firstName: v.first_name,
    lastName: v.last_name,
    fatherName: v.father_name,
    nationalCode: v.national_code,
    birthCertificateNumber: v.birth_certificate_number,
    birthDate: v.birth_date,
    birthCityId: v.birth_city_id,
    gender: v.gender,
    mobile: v.mobile,
    email: v.email,
    educationLevel: v.education_level,
    fieldOfStudy: v.field_of_study,
    searchText: trueSearchText(v.first_name, v.last_name, v.national_code),
  };
}

// ---------------------------------------------------------------------------------------------
// Inserts shared by create and import (transfer/import.ts)

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters (≈ 27 per row). */
const INSERT_CHUNK = 500;

/**
 * Inserts validated, checked legal persons (not demo data, version 1, created now) inside `tx`,
 * writing one audit row per record (`create`, entity `legal_person`, `after` = its form fields).
 * Returns the rows in the order of `values`. The caller owns the transaction and the checks.
 */
export async function insertLegalPersons(tx: Db, values: LegalValues[], now: Date, audit: Audit) {
  const rows: (typeof legalPersons.$inferSelect)[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({
      ...legalColumns(v),
      isDemo: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    }));
    rows.push(...(await tx.insert(legalPersons).values(chunk).returning()));
  }
  for (const row of rows) {
    await audit(tx, { action: 'create', entity: 'legal_person', entityId: row.id, after: legalFields(row) });
  }
  return rows;
}

/** As `insertLegalPersons`, for true persons (entity `true_person`). */
export async function insertTruePersons(tx: Db, values: TrueValues[], now: Date, audit: Audit) {
  const rows: (typeof truePersons.$inferSelect)[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({
      ...trueColumns(v),
      isDemo: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    }));
    rows.push(...(await tx.insert(truePersons).values(chunk).returning()));
  }
  for (const row of rows) {
    await audit(tx, { action: 'create', entity: 'true_person', entityId: row.id, after: trueFields(row) });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Routes

/**
 * POST /api/person/legal-persons (`person.legal.edit`) — `legalPersonInput` → `{ data: { id,
 * version: 1 } }`. Persian/Arabic digits are stored as ASCII, Jalali dates (`1365/04/21`) as ISO
 * `YYYY-MM-DD`, amounts (`registered_capital`, `share_count`, `nominal_share_value`) in IRR as digit
 * strings (separators dropped). The row is not demo data (`is_demo` false). Errors: 400 malformed
 * JSON; 422 per field (Persian) from the schema; 422 on `registration_city_id` / `industry_id` /
 * `supervising_body_id` naming no row; 422 on `national_id` when another legal person has it, with
 * `duplicate: { id, name, path }` (`/person/legal-persons/view/{id}`).
 */
const createLegal = defineRoute({
  method: 'post',
  path: '/api/person/legal-persons',
  permission: 'person.legal.edit',
  summary: 'Register a legal person',
  tags: ['persons'],
  body: legalPersonInput,
  response: savedRecord,
  async handler({ db, deps, body, audit }): Promise<SavedRecord> {
    const now = deps.now();
    return guarded(
      () =>
        db.transaction(async (tx) => {
          await checkLegal(tx, body, null);
          const [row] = await insertLegalPersons(tx, [body], now, audit);
          return { id: row!.id, version: row!.version };
        }),
      () => raceLost(checkLegal(db, body, null), 'national_id'),
      LEGAL_FK,
    );
  },
});

/**
 * PUT /api/person/legal-persons/:id (`person.legal.edit`) — `legalPersonUpdate` (the create body
 * and the `version` the form was opened with; every form field is replaced, a missing optional
 * one becomes null; isin, market, tsetmc_inscode, fiscal_year_end and auditor are kept) →
 * `{ data: { id, version } }` with `version` bumped. Saving unchanged values writes nothing and
 * answers the current version. Errors as create, plus 404 «شخص حقوقی یافت نشد», 409 `{ stale:
 * true, current_version }` «این رکورد پس از باز شدن آن در فرم شما تغییر کرده است …» when
 * `version` is not the current one (nothing overwritten), and 422 when `supervising_body_id` is
 * the record itself.
 */
const updateLegal = defineRoute({
  method: 'put',
  path: '/api/person/legal-persons/:id{[0-9]+}',
  permission: 'person.legal.edit',
  summary: 'Edit a legal person (optimistic lock on version)',
  tags: ['persons'],
  params: idParams,
  body: legalPersonUpdate,
  response: savedRecord,
  async handler({ db, deps, params, body, audit }): Promise<SavedRecord> {
    const { version, ...values } = body;
    const id = params.id;
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(legalPersons).where(eq(legalPersons.id, id)).for('update');
          if (!current) throw notFound(LEGAL_NOT_FOUND);
          if (current.version !== version) throw staleError(current.version);
          await checkLegal(tx, values, id);
          const before = legalFields(current);
          if (sameFields(before, values)) return { id, version: current.version };
          const [row] = await tx
            .update(legalPersons)
            .set({
              ...legalColumns(values),
              version: sql`${legalPersons.version} + 1`,
              updatedAt: deps.now(),
            })
            .where(and(eq(legalPersons.id, id), eq(legalPersons.version, version)))
            .returning();
          if (!row) throw staleError(current.version);
          await audit(tx, {
            action: 'update',
            entity: 'legal_person',
            entityId: id,
            before,
            after: legalFields(row),
          });
          return { id, version: row.version };
        }),
      () => raceLost(checkLegal(db, values, id), 'national_id'),
      LEGAL_FK,
    );
  },
});

/**
 * POST /api/person/true-persons (`person.true.edit`) — `truePersonInput` → `{ data: { id,
 * version: 1 } }`: digits stored ASCII, `birth_date` Jalali in → ISO out, `mobile` as
 * `09xxxxxxxxx`, email lower-cased; not demo data. Errors: 400 malformed JSON; 422 per field
 * (Persian); 422 on `birth_city_id` naming no city; 422 on `national_code` when another person has
 * it, with `duplicate: { id, name, path }` (`/person/true-persons/view/{id}`).
 */
const createTrue = defineRoute({
  method: 'post',
  path: '/api/person/true-persons',
  permission: 'person.true.edit',
  summary: 'Register a true person',
  tags: ['persons'],
  body: truePersonInput,
  response: savedRecord,
  async handler({ db, deps, body, audit }): Promise<SavedRecord> {
    const now = deps.now();
    return guarded(
      () =>
        db.transaction(async (tx) => {
          await checkTrue(tx, body, null);
          const [row] = await insertTruePersons(tx, [body], now, audit);
          return { id: row!.id, version: row!.version };
        }),
      () => raceLost(checkTrue(db, body, null), 'national_code'),
      TRUE_FK,
    );
  },
});

/**
 * PUT /api/person/true-persons/:id (`person.true.edit`) — `truePersonUpdate` (every form field
 * replaced, plus `version`) → `{ data: { id, version } }` with `version` bumped; unchanged values
 * write nothing. Errors as create, plus 404 «شخص حقیقی یافت نشد» and 409 `{ stale: true,
 * current_version }` when `version` is not the current one (nothing overwritten).
 */
const updateTrue = defineRoute({
  method: 'put',
  path: '/api/person/true-persons/:id{[0-9]+}',
  permission: 'person.true.edit',
  summary: 'Edit a true person (optimistic lock on version)',
  tags: ['persons'],
  params: idParams,
  body: truePersonUpdate,
  response: savedRecord,
  async handler({ db, deps, params, body, audit }): Promise<SavedRecord> {
    const { version, ...values } = body;
    const id = params.id;
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(truePersons).where(eq(truePersons.id, id)).for('update');
          if (!current) throw notFound(TRUE_NOT_FOUND);
          if (current.version !== version) throw staleError(current.version);
          await checkTrue(tx, values, id);
          const before = trueFields(current);
          if (sameFields(before, values)) return { id, version: current.version };
          const [row] = await tx
            .update(truePersons)
            .set({ ...trueColumns(values), version: sql`${truePersons.version} + 1`, updatedAt: deps.now() })
            .where(and(eq(truePersons.id, id), eq(truePersons.version, version)))
            .returning();
          if (!row) throw staleError(current.version);
          await audit(tx, {
            action: 'update',
            entity: 'true_person',
            entityId: id,
            before,
            after: trueFields(row),
          });
          return { id, version: row.version };
        }),
      () => raceLost(checkTrue(db, values, id), 'national_code'),
      TRUE_FK,
    );
  },
});

export const personEditRoutes = [createLegal, updateLegal, createTrue, updateTrue];
