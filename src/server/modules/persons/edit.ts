import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EntityDescription } from '../../../contract/entity.ts';
import { savedRecord } from '../../../contract/ids.ts';
import { legalPersonEntity } from '../../../contract/legal-person.ts';
import {
  legalPersonInput,
  legalPersonUpdate,
  type SavedRecord,
  truePersonInput,
  truePersonUpdate,
} from '../../../contract/person-forms.ts';
import { idParams } from '../../../contract/persons.ts';
import { truePersonEntity } from '../../../contract/true-person.ts';
import { legalSearchText, trueSearchText } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { legalPersons, truePersons } from '../../db/schema/index.ts';
import { entityWrite } from '../../http/entity-writes.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import type { AnyRoute, RouteContext } from '../../http/route.ts';
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
 * Create and update of legal and true persons (contract/person-forms.ts), one pair of routes
 * built from each kind's description below: what differs between the kinds is data there. Each
 * call validates with the kind's schema (422 per field, Persian), then checks what a schema
 * cannot: that the picked cities, industry and supervising body exist, and that no other record
 * has the national id / code. Writes run in one transaction with one audit row (defineMutation;
 * entity `legal_person` / `true_person`, `before` and `after` as plain objects keyed by the API's
 * field names, the keys of the kind's input schema). Updates are optimistic: the body carries the
 * `version` the form was opened with; another save in between answers 409 and writes nothing.
 */

type LegalValues = z.output<typeof legalPersonInput>;
type TrueValues = z.output<typeof truePersonInput>;
type Audit = RouteContext<unknown, unknown, unknown>['audit'];
type PersonTable = typeof legalPersons | typeof truePersons;
type Row = Record<string, unknown> & { id: number; version: number };

/** What tells one kind of person's writes from the other's. */
interface PersonKind<V extends Record<string, unknown>> {
  /**
   * Its description (contract/legal-person.ts, true-person.ts): the audit type of its rows
   * (`name`), its literal paths and its edit permission, its 404 (`title`) and its unique field.
   */
  entity: Pick<EntityDescription, 'name' | 'title' | 'paths' | 'permissions' | 'fields'>;
  table: PersonTable;
  /** The create body (its keys are the API's field names, and the audit rows' keys). */
  input: z.ZodObject & z.ZodType<V>;
  /** The update body: the create body and `version`. */
  update: z.ZodType<V & { version: number }>;
  /** OpenAPI summaries. */
  summaries: { create: string; update: string };
  /** The checks a schema cannot make (edit-checks.ts): 422 per field, 404 when `selfId` is deleted. */
  check(db: Db, values: V, selfId: number | null): Promise<void>;
  /** The picked ids a foreign key guards. */
  foreignKeys: Record<string, string>;
  /** The row's `search_text` (domain/persian-text). */
  searchText(values: V): string;
}

/**
 * Legal persons. POST /api/person/legal-persons (`person.legal.edit`) — `legalPersonInput` →
 * `{ data: { id, version: 1 } }`. Persian/Arabic digits are stored as ASCII, Jalali dates
 * (`1365/04/21`) as ISO `YYYY-MM-DD`, amounts (`registered_capital`, `share_count`,
 * `nominal_share_value`) in IRR as digit strings (separators dropped). The row is not demo data
 * (`is_demo` false). Errors: 400 malformed JSON; 422 per field (Persian) from the schema; 422 on
 * `registration_city_id` / `industry_id` / `supervising_body_id` naming no row; 422 on
 * `national_id` when another legal person has it, with `duplicate: { id, name, path }`
 * (`/person/legal-persons/view/{id}`).
 *
 * PUT /api/person/legal-persons/:id (`person.legal.edit`) — `legalPersonUpdate` (the create body
 * and the `version` the form was opened with; every form field is replaced, a missing optional
 * one becomes null; isin, market, tsetmc_inscode, fiscal_year_end and auditor are kept) →
 * `{ data: { id, version } }` with `version` bumped. Saving unchanged values writes nothing and
 * answers the current version. Errors as create, plus 404 «شخص حقوقی یافت نشد», 409 `{ stale:
 * true, current_version }` «این رکورد پس از باز شدن آن در فرم شما تغییر کرده است …» when
 * `version` is not the current one (nothing overwritten), and 422 when `supervising_body_id` is
 * the record itself.
 */
const legalKind: PersonKind<LegalValues> = {
  entity: legalPersonEntity,
  table: legalPersons,
  input: legalPersonInput,
  update: legalPersonUpdate,
  summaries: {
    create: 'Register a legal person',
    update: 'Edit a legal person (optimistic lock on version)',
  },
  check: checkLegal,
  foreignKeys: LEGAL_FK,
  searchText: (v) => legalSearchText(v.name, v.ticker, v.national_id),
};

/**
 * True persons. POST /api/person/true-persons (`person.true.edit`) — `truePersonInput` →
 * `{ data: { id, version: 1 } }`: digits stored ASCII, `birth_date` Jalali in → ISO out, `mobile`
 * as `09xxxxxxxxx`, email lower-cased; not demo data. Errors: 400 malformed JSON; 422 per field
 * (Persian); 422 on `birth_city_id` naming no city; 422 on `national_code` when another person
 * has it, with `duplicate: { id, name, path }` (`/person/true-persons/view/{id}`).
 *
 * PUT /api/person/true-persons/:id (`person.true.edit`) — `truePersonUpdate` (every form field
 * replaced, plus `version`) → `{ data: { id, version } }` with `version` bumped; unchanged values
 * write nothing. Errors as create, plus 404 «شخص حقیقی یافت نشد» and 409 `{ stale: true,
 * current_version }` when `version` is not the current one (nothing overwritten).
 */
const trueKind: PersonKind<TrueValues> = {
  entity: truePersonEntity,
  table: truePersons,
  input: truePersonInput,
  update: truePersonUpdate,
  summaries: { create: 'Register a true person', update: 'Edit a true person (optimistic lock on version)' },
  check: checkTrue,
  foreignKeys: TRUE_FK,
  searchText: (v) => trueSearchText(v.first_name, v.last_name, v.national_code),
};

// ---------------------------------------------------------------------------------------------
// Rows ↔ API field names: a column's property is its API name in camelCase (`postal_code` is
// `postalCode`), so the field maps come from the input schema's keys.

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The record's editable fields under their API names (what audit rows hold). */
function apiFields<V extends Record<string, unknown>>(
  kind: PersonKind<V>,
  row: Row,
): Record<string, unknown> {
  return Object.fromEntries(Object.keys(kind.input.shape).map((k) => [k, row[camel(k)]]));
}

/** The table's columns from the validated input, with its search key. */
function tableColumns<V extends Record<string, unknown>>(kind: PersonKind<V>, values: V) {
  const columns = Object.fromEntries(Object.keys(kind.input.shape).map((k) => [camel(k), values[k]]));
  return { ...columns, searchText: kind.searchText(values) };
}

// ---------------------------------------------------------------------------------------------
// Inserts shared by create and import (transfer/import.ts)

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters (≈ 27 per row). */
const INSERT_CHUNK = 500;

/**
 * Inserts validated, checked persons of `kind` (not demo data, version 1, created now) inside
 * `tx`; with `audit`, one audit row per record (`create`, the kind's entity, `after` = its form
 * fields). Returns the rows in the order of `values`. The caller owns the transaction and checks.
 */
async function insertPersons<V extends Record<string, unknown>>(
  kind: PersonKind<V>,
  tx: Db,
  values: V[],
  now: Date,
  audit?: Audit,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({
      ...tableColumns(kind, v),
      isDemo: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    }));
    rows.push(
      ...((await tx
        .insert(kind.table)
        .values(chunk as never)
        .returning()) as Row[]),
    );
  }
  if (audit) {
    for (const row of rows) {
      await audit(tx, {
        action: 'create',
        entity: kind.entity.name,
        entityId: row.id,
        after: apiFields(kind, row),
      });
    }
  }
  return rows;
}

/** Inserts legal persons for the import (transfer), audited one row each: see insertPersons. */
export const insertLegalPersons = (tx: Db, values: LegalValues[], now: Date, audit: Audit) =>
  insertPersons(legalKind, tx, values, now, audit);

/** As `insertLegalPersons`, for true persons (entity `true_person`). */
export const insertTruePersons = (tx: Db, values: TrueValues[], now: Date, audit: Audit) =>
  insertPersons(trueKind, tx, values, now, audit);

// ---------------------------------------------------------------------------------------------
// Routes

/** A lost race on the national id/code, or a picked row deleted meanwhile: the checks' 422. */
const guardFor =
  <V extends Record<string, unknown>>(
    kind: PersonKind<V>,
    values: (body: unknown) => V,
    selfId: (p: unknown) => number | null,
  ) =>
  <T>(write: () => Promise<T>, ctx: { db: Db; body: unknown; params: unknown }) =>
    guarded(
      write,
      () => raceLost(kind.check(ctx.db, values(ctx.body), selfId(ctx.params)), uniqueField(kind)),
      kind.foreignKeys,
    );

/** The field another row may not share (the national id or code): where a lost race is reported. */
const uniqueField = (kind: { entity: Pick<EntityDescription, 'fields'> }) =>
  Object.entries(kind.entity.fields).find(([, f]) => f.unique)![0] as 'national_id' | 'national_code';

/** The create (POST) and update (PUT) routes of a kind of person: see the kinds' descriptions. */
function editRoutesOf<V extends Record<string, unknown>>(kind: PersonKind<V>): AnyRoute[] {
  const { table } = kind;
  const create = defineMutation({
    ...entityWrite(kind.entity, 'create'),
    summary: kind.summaries.create,
    tags: ['persons'],
    body: kind.input,
    response: savedRecord,
    guard: guardFor(
      kind,
      (b) => b as V,
      () => null,
    ),
    async handler({ db, deps, body }) {
      const values = body as V;
      await kind.check(db, values, null);
      const [row] = await insertPersons(kind, db, [values], deps.now());
      const result: SavedRecord = { id: row!.id, version: row!.version };
      return { id: row!.id, after: apiFields(kind, row!), result };
    },
  });
  const update = defineMutation({
    ...entityWrite(kind.entity, 'update'),
    summary: kind.summaries.update,
    tags: ['persons'],
    params: idParams,
    body: kind.update,
    response: savedRecord,
    guard: guardFor(
      kind,
      (b) => {
        const { version: _, ...values } = b as V & { version: number };
        return values as unknown as V;
      },
      (p) => (p as { id: number }).id,
    ),
    async handler({ db, deps, params, body }) {
      const { version, ...rest } = body as V & { version: number };
      const values = rest as unknown as V;
      const id = params.id;
      const [current] = (await db.select().from(table).where(eq(table.id, id)).for('update')) as Row[];
      if (!current) throw notFound(`${kind.entity.title} یافت نشد`);
      if (current.version !== version) throw staleError(current.version);
      await kind.check(db, values, id);
      const before = apiFields(kind, current);
      const unchanged: SavedRecord = { id, version: current.version };
      if (sameFields(before, values)) return { id, unchanged: true, result: unchanged };
      const [row] = (await db
        .update(table)
        .set({
          ...tableColumns(kind, values),
          version: sql`${table.version} + 1`,
          updatedAt: deps.now(),
        } as never)
        .where(and(eq(table.id, id), eq(table.version, version)))
        .returning()) as Row[];
      if (!row) throw staleError(current.version);
      const result: SavedRecord = { id, version: row.version };
      return { id, before, after: apiFields(kind, row), result };
    },
  });
  return [create, update];
}

/** The four write routes of persons (POST and PUT of each kind). */
export const personEditRoutes = [...editRoutesOf(legalKind), ...editRoutesOf(trueKind)];
