import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  companyRowParams,
  rowIdAnswer,
  type SavedRow,
  versionQuery,
} from '../../../contract/company-reports.ts';
import { savedRecord } from '../../../contract/ids.ts';
import { idParams } from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import { uniqueGuard } from '../../db/pg-errors.ts';
import type {
  monthlyPerformanceReports,
  productionCapacities,
  productReports,
} from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { type CompanyRef, liveCompany, stale } from './common.ts';

/**
 * One factory for a company's own report rows (product reports, capacities, monthly reports):
 * GET list, POST create, PUT `/:rid` update and DELETE `/:rid?version=` under
 * `/api/person/legal-persons/:id/<kind of row>`. Reads need `person.legal.view`, writes
 * `person.legal.edit`. Every write is one transaction that also writes one audit row on the
 * company (entity `legal_person`, entity_id the company, action `create|update|delete` of the
 * row, before/after `{ record, record_id, ...the row's API fields }` where `record` names the
 * kind of row), so the company's history shows it. Errors: 404 «شخص حقوقی یافت نشد» (missing or soft-deleted company), 404 for a row of
 * another company or none; 422 per field (Persian) from the schema and on `uniqueField` when
 * another row of the company has the same key; 409 `{ stale, current_version }` on a stale
 * `version` (nothing written).
 */

type Table = typeof productReports | typeof productionCapacities | typeof monthlyPerformanceReports;

export interface ResourceSpec<T extends Table, I extends z.ZodType, U extends z.ZodType> {
  /** Audit record name: `product_report`. */
  record: string;
  /**
   * The literal paths: the company's rows (`/api/person/legal-persons/:id{[0-9]+}/product-reports`)
   * and one of them (`…/product-reports/:rid{[0-9]+}`).
   */
  paths: { list: string; item: string };
  /** Persian 404 for a missing row. */
  missing: string;
  table: T;
  input: I;
  update: U;
  /** API row of a stored row. */
  toRow(row: T['$inferSelect']): Record<string, unknown>;
  /** Column values of validated input. */
  columns(v: z.output<I>): Record<string, unknown>;
  /** Condition matching the rows with the same unique key as `v` (the company is added). */
  sameKey(v: z.output<I>): SQL;
  uniqueField: string;
  uniqueMessage: string;
  /** ORDER BY of the list. */
  orderBy: SQL[];
  /** The schema of the list's answer: `companyRowsOf(row)`, or what `list` answers. */
  listResponse: z.ZodType;
  /** Replaces the default list answer `{ company, rows }` (the monthly report adds totals). */
  list?(db: Db, company: CompanyRef, query: Record<string, unknown>): Promise<unknown>;
  listQuery?: z.ZodType;
  summary: string;
}

export function companyResource<T extends Table, I extends z.ZodType, U extends z.ZodType>(
  spec: ResourceSpec<T, I, U>,
): AnyRoute[] {
  // The three tables share these columns; one loose view of them keeps the queries generic.
  const t = spec.table as unknown as typeof productReports;
  const audited = (row: T['$inferSelect']) => ({
    record: spec.record,
    record_id: row.id,
    ...spec.toRow(row),
  });
  const taken = () => invalid({ [spec.uniqueField]: [spec.uniqueMessage] });
  const checkKey = async (tx: Db, companyId: number, v: z.output<I>, selfId: number | null) => {
    const [other] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.legalPersonId, companyId), spec.sameKey(v), selfId ? ne(t.id, selfId) : undefined))
      .limit(1);
    if (other) throw taken();
  };
  const current = async (tx: Db, companyId: number, rid: number) => {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, rid), eq(t.legalPersonId, companyId)))
      .for('update');
    if (!row) throw notFound(spec.missing);
    return row as T['$inferSelect'];
  };

  return [
    defineRoute({
      method: 'get',
      path: spec.paths.list,
      permission: 'person.legal.view',
      summary: `${spec.summary}: list of one company`,
      tags: ['company-reports'],
      params: idParams,
      query: spec.listQuery,
      response: spec.listResponse,
      async handler({ db, params, query }) {
        const company = await liveCompany(db, params.id);
        if (spec.list) return spec.list(db, company, (query ?? {}) as Record<string, unknown>);
        const rows = await db
          .select()
          .from(t)
          .where(eq(t.legalPersonId, company.id))
          .orderBy(...spec.orderBy);
        return { company, rows: rows.map((r) => spec.toRow(r as T['$inferSelect'])) };
      },
    }),
    defineRoute({
      method: 'post',
      path: spec.paths.list,
      permission: 'person.legal.edit',
      summary: `${spec.summary}: add`,
      tags: ['company-reports'],
      params: idParams,
      body: spec.input,
      response: savedRecord,
      async handler({ db, deps, params, body, audit }): Promise<SavedRow> {
        const v = body as z.output<I>;
        return uniqueGuard(
          () =>
            db.transaction(async (tx) => {
              const company = await liveCompany(tx, params.id);
              await checkKey(tx, company.id, v, null);
              const now = deps.now();
              const [row] = await tx
                .insert(t)
                .values({
                  ...spec.columns(v),
                  legalPersonId: company.id,
                  createdAt: now,
                  updatedAt: now,
                } as never)
                .returning();
              await audit(tx, {
                action: 'create',
                entity: 'legal_person',
                entityId: company.id,
                after: audited(row as T['$inferSelect']),
              });
              return { id: row!.id, version: row!.version };
            }),
          taken,
        );
      },
    }),
    defineRoute({
      method: 'put',
      path: spec.paths.item,
      permission: 'person.legal.edit',
      summary: `${spec.summary}: edit (optimistic lock on version)`,
      tags: ['company-reports'],
      params: companyRowParams,
      body: spec.update,
      response: savedRecord,
      async handler({ db, deps, params, body, audit }): Promise<SavedRow> {
        const { version, ...v } = body as { version: number } & z.output<I>;
        return uniqueGuard(
          () =>
            db.transaction(async (tx) => {
              const company = await liveCompany(tx, params.id);
              const before = await current(tx, company.id, params.rid);
              if (before.version !== version) throw stale(before.version);
              await checkKey(tx, company.id, v as z.output<I>, before.id);
              const [row] = await tx
                .update(t)
                .set({
                  ...spec.columns(v as z.output<I>),
                  version: sql`${t.version} + 1`,
                  updatedAt: deps.now(),
                })
                .where(and(eq(t.id, before.id), eq(t.version, version)))
                .returning();
              if (!row) throw stale(before.version);
              await audit(tx, {
                action: 'update',
                entity: 'legal_person',
                entityId: company.id,
                before: audited(before),
                after: audited(row as T['$inferSelect']),
              });
              return { id: row.id, version: row.version };
            }),
          taken,
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: spec.paths.item,
      permission: 'person.legal.edit',
      summary: `${spec.summary}: delete (optimistic lock on version)`,
      tags: ['company-reports'],
      params: companyRowParams,
      query: versionQuery,
      response: rowIdAnswer,
      async handler({ db, params, query, audit }) {
        return db.transaction(async (tx) => {
          const company = await liveCompany(tx, params.id);
          const before = await current(tx, company.id, params.rid);
          if (before.version !== query.version) throw stale(before.version);
          await tx.delete(t).where(eq(t.id, before.id));
          await audit(tx, {
            action: 'delete',
            entity: 'legal_person',
            entityId: company.id,
            before: audited(before),
          });
          return { id: before.id };
        });
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
