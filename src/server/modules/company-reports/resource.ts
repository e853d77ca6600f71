import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companyRowParams, rowIdAnswer, versionQuery } from '../../../contract/company-reports.ts';
import type { EntityDescription, EntityField } from '../../../contract/entity.ts';
import { savedRecord } from '../../../contract/ids.ts';
import { idParams } from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import type {
  meetingMinutes,
  monthlyPerformanceReports,
  productionCapacities,
  productReports,
} from '../../db/schema/index.ts';
import { entityWrite, type WriteAction } from '../../http/entity-writes.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import type { AnyRoute } from '../../http/route.ts';
import { type CompanyRef, dec, liveCompany, pickedCompany, stale } from './common.ts';

/**
 * One factory for the writes of every versioned company report (product reports, capacities,
 * monthly reports, minutes): POST create, PUT update and DELETE `?version=` at the entity's
 * literal paths, with its permissions, through `defineMutation`. Every write is one transaction
 * with one audit row on the company (entity `legal_person`, entity_id the company, action
 * `create|update|delete`, before/after `{ record, record_id, ...the row's API fields }` where
 * `record` is the entity's name), so the company's history shows it. The columns written are the
 * fields the entity's form edits, each stored in the column of its camel-cased name.
 *
 * Errors: 404 «شخص حقوقی یافت نشد» when the path's company is missing or soft-deleted; 404
 * `missing` for a row that is not there (or not the path company's, or whose company is
 * deleted); 422 per field (Persian) from the schema, on `legal_person_id` for a picked company
 * that is gone, and on `unique.field` when another row of the company has the same key (checked
 * before the write; a concurrent save that wins the race is caught by `onUnique`); 409 `{ stale,
 * current_version }` on a stale `version` (nothing written).
 */

type Table =
  | typeof productReports
  | typeof productionCapacities
  | typeof monthlyPerformanceReports
  | typeof meetingMinutes;
type Stored = Record<string, unknown> & { id: number; legalPersonId: number; version: number };
type Values = Record<string, unknown>;

export interface ReportWrites<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  table: Table;
  /**
   * Where a row's company comes from: the path's `:id` (a company's own rows, the row at `:rid`)
   * or the body's picked `legal_person_id` (a list across companies, the row at `:id`).
   */
  company: 'path' | 'body';
  /** Persian 404 for a missing row. */
  missing: string;
  /** The body schemas of POST and of PUT (the same and `version`). */
  input: z.ZodType;
  update: z.ZodType;
  /** API fields the server computes from a stored row (`achievement`). */
  derived?(row: Stored): Values;
  /** The company's rows that may hold one key once (`same` matches the body's key). */
  unique?: { same(v: Values): SQL; field: string; message: string };
  summary: string;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A stored row under its API field names: the entity's row fields, decimals trimmed, and the derived ones. */
export function apiRow<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
  row: Stored,
  derived?: (row: Stored) => Values,
): Values {
  const out: Values = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    const key = camel(name);
    if (f.notInRow || !(key in row)) continue;
    out[name] = f.type === 'amount' ? dec(row[key] as string | null) : row[key];
  }
  return { ...out, ...derived?.(row) };
}

type Params = { id: number; rid?: number };

/** The path parameters and the row's id for each place a company comes from. */
const SCOPES = {
  path: { createParams: idParams, itemParams: companyRowParams, rowId: (p: Params) => p.rid! },
  body: { createParams: undefined, itemParams: idParams, rowId: (p: Params) => p.id },
} as const;

/** POST, PUT and DELETE of one versioned report (see the module's comment for answers and errors). */
export function reportWrites<F extends Record<string, EntityField>>(spec: ReportWrites<F>): AnyRoute[] {
  const { entity } = spec;
  const scope = SCOPES[spec.company];
  // The tables share these columns; one loose view of them keeps the queries generic.
  const t = spec.table as unknown as typeof productReports;
  const audited = (row: Stored) => ({
    record: entity.name,
    record_id: row.id,
    ...apiRow(entity, row, spec.derived),
  });
  const editable = Object.entries(entity.fields).filter(([, f]) => f.form && !f.notInRow);
  const columnsOf = (v: Values) => Object.fromEntries(editable.map(([name]) => [camel(name), v[name]]));
  const taken = () => invalid({ [spec.unique!.field]: [spec.unique!.message] });

  /** The company a body's row belongs to: the path's (404) or the picked one (422). */
  const companyOf = (tx: Db, params: Params, body: Values): Promise<CompanyRef> =>
    spec.company === 'path' ? liveCompany(tx, params.id) : pickedCompany(tx, Number(body.legal_person_id));
  const checkKey = async (tx: Db, companyId: number, v: Values, selfId: number | null) => {
    if (!spec.unique) return;
    const [other] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.legalPersonId, companyId), spec.unique.same(v), selfId ? ne(t.id, selfId) : undefined))
      .limit(1);
    if (other) throw taken();
  };
  /** The row the path names, locked for update; 404 unless it is there and its company is live. */
  const current = async (tx: Db, params: Params) => {
    const owner = spec.company === 'path' ? await liveCompany(tx, params.id) : null;
    const [row] = await tx
      .select()
      .from(t)
      .where(eq(t.id, scope.rowId(params)))
      .for('update');
    const [live] = row
      ? await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM legal_persons WHERE id = ${row.legalPersonId} AND deleted_at IS NULL`,
        )
      : [];
    if (!row || !live || (owner && row.legalPersonId !== owner.id)) throw notFound(spec.missing);
    return row as Stored;
  };
  /** What a write's declaration takes from its action: method, path, permission, summary, params, audit. */
  const declared = <A extends WriteAction>(action: A, summary: string) => ({
    // audited as a change of the company the row belongs to
    ...entityWrite(entity, action, 'legal_person'),
    summary: `${spec.summary}: ${summary}`,
    tags: ['company-reports'],
    onUnique: spec.unique ? taken : undefined,
    response: savedRecord,
  });

  return [
    defineMutation({
      ...declared('create', 'add'),
      params: scope.createParams,
      body: spec.input,
      async handler({ db, deps, params, body, session }) {
        const v = body as Values;
        const company = await companyOf(db, params as Params, v);
        await checkKey(db, company.id, v, null);
        const now = deps.now();
        const [row] = await db
          .insert(t)
          .values({
            ...columnsOf(v),
            legalPersonId: company.id,
            // Tables that keep who recorded a row (minutes) get the signed-in user.
            ...('createdBy' in spec.table ? { createdBy: session?.user?.id ?? null } : {}),
            createdAt: now,
            updatedAt: now,
          } as never)
          .returning();
        return {
          id: company.id,
          after: audited(row as Stored),
          result: { id: row!.id, version: row!.version },
        };
      },
    }),
    defineMutation({
      ...declared('update', 'edit (optimistic lock on version)'),
      params: scope.itemParams,
      body: spec.update,
      async handler({ db, deps, params, body }) {
        const { version, ...v } = body as Values & { version: number };
        const before = await current(db, params as Params);
        if (before.version !== version) throw stale(before.version);
        const company = await companyOf(db, params as Params, v);
        await checkKey(db, company.id, v, before.id);
        const [row] = await db
          .update(t)
          .set({ ...columnsOf(v), version: sql`${t.version} + 1`, updatedAt: deps.now() })
          .where(and(eq(t.id, before.id), eq(t.version, version)))
          .returning();
        if (!row) throw stale(before.version);
        return {
          id: company.id,
          before: audited(before),
          after: audited(row as Stored),
          result: { id: row.id, version: row.version },
        };
      },
    }),
    defineMutation({
      ...declared('delete', 'delete (optimistic lock on version)'),
      params: scope.itemParams,
      query: versionQuery,
      response: rowIdAnswer,
      async handler({ db, params, query }) {
        const before = await current(db, params as Params);
        if (before.version !== query.version) throw stale(before.version);
        await db.delete(t).where(eq(t.id, before.id));
        return { id: before.legalPersonId, before: audited(before), result: { id: before.id } };
      },
    }),
  ];
}

/** Query of the monthly list: `year` (1300..1500, optional) narrows rows and totals to one year. */
export const yearsQuery = z.looseObject({
  year: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(1300, 'سال باید بین ۱۳۰۰ و ۱۵۰۰ باشد')
      .max(1500, 'سال باید بین ۱۳۰۰ و ۱۵۰۰ باشد')
      .optional(),
  ),
});
