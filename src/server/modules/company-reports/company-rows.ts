import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  capacityEntity,
  capacityInput,
  capacityRow,
  capacityUpdate,
  companyRef,
  companyRowsOf,
  type MonthlyReport,
  monthlyEntity,
  monthlyInput,
  monthlyReport,
  monthlyUpdate,
  productReportEntity,
  productReportInput,
  productReportRow,
  productReportUpdate,
} from '../../../contract/company-reports.ts';
import type { EntityDescription, EntityField } from '../../../contract/entity.ts';
import { idParams } from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import { monthlyPerformanceReports, productionCapacities, productReports } from '../../db/schema/index.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { type CompanyRef, dec, liveCompany, ratio } from './common.ts';
import { apiRow, reportWrites, yearsQuery } from './resource.ts';

/**
 * A company's product reports, production capacities and monthly performance reports
 * (contract/company-reports.ts, each described once): GET the company's rows under
 * `/api/person/legal-persons/:id/…` (`person.legal.view`; 404 «شخص حقوقی یافت نشد» for a missing
 * or deleted company), and the writes of resource.ts (`person.legal.edit`).
 */

type Stored = Parameters<typeof apiRow>[1];

/**
 * GET of a company's rows: `{ company, rows }` in `orderBy`, or what `list` answers (the monthly
 * report adds totals). Each row is the entity's fields and the `derived` ones.
 */
function companyRowsRoute<F extends Record<string, EntityField>>(spec: {
  entity: EntityDescription<F>;
  table: typeof productReports | typeof productionCapacities | typeof monthlyPerformanceReports;
  orderBy: SQL[];
  response: z.ZodType;
  summary: string;
  derived?(row: Stored): Record<string, unknown>;
  query?: z.ZodType;
  list?(db: Db, company: CompanyRef, query: Record<string, unknown>): Promise<unknown>;
}): AnyRoute {
  const t = spec.table as typeof productReports;
  return defineRoute({
    method: 'get',
    path: spec.entity.paths.list,
    permission: spec.entity.permissions.list,
    summary: `${spec.summary}: list of one company`,
    tags: ['company-reports'],
    params: idParams,
    query: spec.query,
    response: spec.response,
    async handler({ db, params, query }) {
      const company = await liveCompany(db, params.id);
      if (spec.list) return spec.list(db, company, (query ?? {}) as Record<string, unknown>);
      const rows = await db
        .select()
        .from(t)
        .where(eq(t.legalPersonId, company.id))
        .orderBy(...spec.orderBy);
      return { company, rows: rows.map((r) => apiRow(spec.entity, r as Stored, spec.derived)) };
    },
  });
}

const p = productReports;
/** achievement = produced / planned (fraction, 4 decimals). */
const achievement = (r: Stored) => ({ achievement: ratio(r.produced as string, r.planned as string) });

/**
 * /api/person/legal-persons/:id/product-reports — GET `{ company, rows: productReportRow[] }`
 * (fiscal year desc, product, period); POST / PUT `/:rid` `productReportInput` (+ `version`);
 * DELETE `/:rid?version=`. `achievement` = produced / planned (fraction, 4 decimals). A second
 * row with the same product, fiscal year and period → 422 on `product`.
 */
export const productReportRoutes = [
  companyRowsRoute({
    entity: productReportEntity,
    table: p,
    orderBy: [desc(p.fiscalYear), asc(p.product), asc(p.period)],
    response: companyRowsOf(productReportRow),
    summary: 'Product reports',
    derived: achievement,
  }),
  ...reportWrites({
    entity: productReportEntity,
    table: p,
    company: 'path',
    missing: 'گزارش تولید یافت نشد',
    input: productReportInput,
    update: productReportUpdate,
    derived: achievement,
    unique: {
      same: (v) =>
        and(
          eq(p.product, String(v.product)),
          eq(p.fiscalYear, Number(v.fiscal_year)),
          eq(p.period, String(v.period)),
        )!,
      field: 'product',
      message: 'گزارش این محصول برای همین سال و دوره پیش‌تر ثبت شده است',
    },
    summary: 'Product reports',
  }),
];

const c = productionCapacities;
/** utilisation = actual_production / nominal_capacity (fraction, 4 decimals). */
const utilisation = (r: Stored) => ({
  utilisation: ratio(r.actualProduction as string | null, r.nominalCapacity as string),
});

/**
 * /api/person/legal-persons/:id/production-capacities — GET `{ company, rows: capacityRow[] }`
 * (year desc, product); POST / PUT `/:rid` `capacityInput` (+ `version`); DELETE
 * `/:rid?version=`. `utilisation` = actual_production / nominal_capacity (fraction, 4
 * decimals; above 1 when production exceeded the nominal capacity). Same product and year
 * twice → 422 on `product`.
 */
export const capacityRoutes = [
  companyRowsRoute({
    entity: capacityEntity,
    table: c,
    orderBy: [desc(c.fiscalYear), asc(c.product)],
    response: companyRowsOf(capacityRow),
    summary: 'Production capacities',
    derived: utilisation,
  }),
  ...reportWrites({
    entity: capacityEntity,
    table: c,
    company: 'path',
    missing: 'ظرفیت تولید یافت نشد',
    input: capacityInput,
    update: capacityUpdate,
    derived: utilisation,
    unique: {
      same: (v) => and(eq(c.product, String(v.product)), eq(c.fiscalYear, Number(v.fiscal_year)))!,
      field: 'product',
      message: 'ظرفیت این محصول برای همین سال پیش‌تر ثبت شده است',
    },
    summary: 'Production capacities',
  }),
];

const m = monthlyPerformanceReports;

/**
 * /api/person/legal-persons/:id/monthly-performance-reports — GET `?year=` → `{ company,
 * ...MonthlyReport }`: rows (year desc, month, product), totals per year (sales value IRR over
 * every row; production and sales quantity per product and unit) and the years present; POST /
 * PUT `/:rid` `monthlyInput` (+ `version`); DELETE `/:rid?version=`. Same year, month and
 * product twice → 422 on `product`.
 */
export const monthlyRoutes = [
  companyRowsRoute({
    entity: monthlyEntity,
    table: m,
    orderBy: [desc(m.year), asc(m.month), asc(m.product)],
    response: monthlyReport.extend({ company: companyRef }),
    summary: 'Monthly performance reports',
    query: yearsQuery,
    async list(db, company, query): Promise<MonthlyReport & { company: typeof company }> {
      const year = query.year as number | undefined;
      const where = and(eq(m.legalPersonId, company.id), year ? eq(m.year, year) : undefined);
      const rows = await db.select().from(m).where(where).orderBy(desc(m.year), asc(m.month), asc(m.product));
      const sums = await queryRows<{
        year: number;
        product: string;
        unit: string;
        production: string;
        sales_quantity: string;
        sales_value: string;
      }>(
        db,
        sql`SELECT year, product, unit, COALESCE(sum(production), 0)::text AS production,
            COALESCE(sum(sales_quantity), 0)::text AS sales_quantity,
            COALESCE(sum(sales_value), 0)::text AS sales_value
          FROM monthly_performance_reports
          WHERE legal_person_id = ${company.id} ${year ? sql`AND year = ${year}` : sql``}
          GROUP BY year, product, unit ORDER BY year DESC, product, unit`,
      );
      const years = await queryRows<{ year: number }>(
        db,
        sql`SELECT DISTINCT year FROM monthly_performance_reports WHERE legal_person_id = ${company.id} ORDER BY year DESC`,
      );
      const totals: MonthlyReport['totals'] = [];
      for (const s of sums) {
        let t = totals.find((x) => x.year === s.year);
        if (!t) {
          t = { year: s.year, sales_value: '0', products: [] };
          totals.push(t);
        }
        t.sales_value = (BigInt(t.sales_value) + BigInt(s.sales_value)).toString();
        t.products.push({
          product: s.product,
          unit: s.unit,
          production: dec(s.production)!,
          sales_quantity: dec(s.sales_quantity)!,
        });
      }
      const rowsOut = rows.map((r) => apiRow(monthlyEntity, r as Stored)) as MonthlyReport['rows'];
      return { company, rows: rowsOut, totals, years: years.map((y) => y.year) };
    },
  }),
  ...reportWrites({
    entity: monthlyEntity,
    table: m,
    company: 'path',
    missing: 'گزارش ماهانه یافت نشد',
    input: monthlyInput,
    update: monthlyUpdate,
    unique: {
      same: (v) =>
        and(eq(m.year, Number(v.year)), eq(m.month, Number(v.month)), eq(m.product, String(v.product)))!,
      field: 'product',
      message: 'گزارش این محصول برای همین ماه پیش‌تر ثبت شده است',
    },
    summary: 'Monthly performance reports',
  }),
];
