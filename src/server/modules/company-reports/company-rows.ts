import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  type CapacityRow,
  capacityInput,
  capacityRow,
  capacityUpdate,
  companyRef,
  companyRowsOf,
  type MonthlyReport,
  type MonthlyRow,
  monthlyInput,
  monthlyReport,
  monthlyUpdate,
  type ProductReportRow,
  productReportInput,
  productReportRow,
  productReportUpdate,
} from '../../../contract/company-reports.ts';
import { monthlyPerformanceReports, productionCapacities, productReports } from '../../db/schema/index.ts';
import { queryRows } from '../../http/list.ts';
import { dec, ratio } from './common.ts';
import { companyResource, yearsQuery } from './resource.ts';

/**
 * A company's product reports, production capacities and monthly performance reports, each
 * through `companyResource` (resource.ts: routes, permissions, errors, audit).
 */

/**
 * /api/person/legal-persons/:id/product-reports — GET `{ company, rows: ProductReportRow[] }`
 * (fiscal year desc, product, period); POST / PUT `/:rid` `productReportInput` (+ `version`);
 * DELETE `/:rid?version=`. `achievement` = produced / planned (fraction, 4 decimals). A second
 * row with the same product, fiscal year and period → 422 on `product`.
 */
export const productReportRoutes = companyResource({
  record: 'product_report',
  paths: {
    list: '/api/person/legal-persons/:id{[0-9]+}/product-reports',
    item: '/api/person/legal-persons/:id{[0-9]+}/product-reports/:rid{[0-9]+}',
  },
  listResponse: companyRowsOf(productReportRow),
  missing: 'گزارش تولید یافت نشد',
  table: productReports,
  input: productReportInput,
  update: productReportUpdate,
  summary: 'Product reports',
  toRow: (r): ProductReportRow & Record<string, unknown> => ({
    id: r.id,
    product: r.product,
    unit: r.unit,
    fiscal_year: r.fiscalYear,
    period: r.period,
    planned: dec(r.planned),
    produced: dec(r.produced),
    sold: dec(r.sold),
    sales_value: r.salesValue,
    achievement: ratio(r.produced, r.planned),
    version: r.version,
  }),
  columns: (v) => ({
    product: v.product,
    unit: v.unit,
    fiscalYear: v.fiscal_year,
    period: v.period,
    planned: v.planned,
    produced: v.produced,
    sold: v.sold,
    salesValue: v.sales_value,
  }),
  sameKey: (v) =>
    and(
      eq(productReports.product, v.product),
      eq(productReports.fiscalYear, v.fiscal_year),
      eq(productReports.period, v.period),
    )!,
  uniqueField: 'product',
  uniqueMessage: 'گزارش این محصول برای همین سال و دوره پیش‌تر ثبت شده است',
  orderBy: [desc(productReports.fiscalYear), asc(productReports.product), asc(productReports.period)],
});

/**
 * /api/person/legal-persons/:id/production-capacities — GET `{ company, rows: CapacityRow[] }`
 * (year desc, product); POST / PUT `/:rid` `capacityInput` (+ `version`); DELETE
 * `/:rid?version=`. `utilisation` = actual_production / nominal_capacity (fraction, 4
 * decimals; above 1 when production exceeded the nominal capacity). Same product and year
 * twice → 422 on `product`.
 */
export const capacityRoutes = companyResource({
  record: 'production_capacity',
  paths: {
    list: '/api/person/legal-persons/:id{[0-9]+}/production-capacities',
    item: '/api/person/legal-persons/:id{[0-9]+}/production-capacities/:rid{[0-9]+}',
  },
  listResponse: companyRowsOf(capacityRow),
  missing: 'ظرفیت تولید یافت نشد',
  table: productionCapacities,
  input: capacityInput,
  update: capacityUpdate,
  summary: 'Production capacities',
  toRow: (r): CapacityRow & Record<string, unknown> => ({
    id: r.id,
    product: r.product,
    unit: r.unit,
    fiscal_year: r.fiscalYear,
    nominal_capacity: dec(r.nominalCapacity)!,
    actual_production: dec(r.actualProduction),
    utilisation: ratio(r.actualProduction, r.nominalCapacity),
    version: r.version,
  }),
  columns: (v) => ({
    product: v.product,
    unit: v.unit,
    fiscalYear: v.fiscal_year,
    nominalCapacity: v.nominal_capacity!,
    actualProduction: v.actual_production,
  }),
  sameKey: (v) =>
    and(eq(productionCapacities.product, v.product), eq(productionCapacities.fiscalYear, v.fiscal_year))!,
  uniqueField: 'product',
  uniqueMessage: 'ظرفیت این محصول برای همین سال پیش‌تر ثبت شده است',
  orderBy: [desc(productionCapacities.fiscalYear), asc(productionCapacities.product)],
});

const m = monthlyPerformanceReports;

const monthlyRow = (r: typeof m.$inferSelect): MonthlyRow & Record<string, unknown> => ({
  id: r.id,
  year: r.year,
  month: r.month,
  product: r.product,
  unit: r.unit,
  production: dec(r.production),
  sales_quantity: dec(r.salesQuantity),
  sales_value: r.salesValue,
  version: r.version,
});

/**
 * /api/person/legal-persons/:id/monthly-performance-reports — GET `?year=` → `{ company,
 * ...MonthlyReport }`: rows (year desc, month, product), totals per year (sales value IRR over
 * every row; production and sales quantity per product and unit) and the years present; POST /
 * PUT `/:rid` `monthlyInput` (+ `version`); DELETE `/:rid?version=`. Same year, month and
 * product twice → 422 on `product`.
 */
export const monthlyRoutes = companyResource({
  record: 'monthly_performance_report',
  paths: {
    list: '/api/person/legal-persons/:id{[0-9]+}/monthly-performance-reports',
    item: '/api/person/legal-persons/:id{[0-9]+}/monthly-performance-reports/:rid{[0-9]+}',
  },
  listResponse: monthlyReport.extend({ company: companyRef }),
  missing: 'گزارش ماهانه یافت نشد',
  table: m,
  input: monthlyInput,
  update: monthlyUpdate,
  summary: 'Monthly performance reports',
  toRow: monthlyRow,
  columns: (v) => ({
    year: v.year,
    month: v.month,
    product: v.product,
    unit: v.unit,
    production: v.production,
    salesQuantity: v.sales_quantity,
    salesValue: v.sales_value,
  }),
  sameKey: (v) => and(eq(m.year, v.year), eq(m.month, v.month), eq(m.product, v.product))!,
  uniqueField: 'product',
  uniqueMessage: 'گزارش این محصول برای همین ماه پیش‌تر ثبت شده است',
  orderBy: [desc(m.year), asc(m.month), asc(m.product)],
  listQuery: yearsQuery,
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
    return { company, rows: rows.map(monthlyRow), totals, years: years.map((y) => y.year) };
  },
});
