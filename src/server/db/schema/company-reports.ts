import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { legalPersons } from './persons.ts';

/**
 * The column groups every company report repeats, each a fresh set of column builders per table.
 * `ownRow`: the row's id and the company it belongs to (deleted with it); `locked`: the
 * optimistic lock and the row's times; `productUnit`: the product and its unit of measure;
 * `quantity` an amount in that unit (2 decimals), `rials` an amount in IRR (whole).
 */
const ownRow = () => ({
  id: serial().primaryKey(),
  legalPersonId: integer()
    .notNull()
    .references(() => legalPersons.id, { onDelete: 'cascade' }),
});
const locked = () => ({
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
const productUnit = () => ({ product: text().notNull(), unit: text().notNull() });
const quantity = () => numeric({ precision: 24, scale: 2 });
const rials = () => numeric({ precision: 24, scale: 0 });

/** What was sold: the quantity (in the row's unit) under `name`, and its value in IRR. */
const sales = <K extends string>(name: K) =>
  ({ [name]: quantity(), salesValue: rials() }) as { [P in K]: ReturnType<typeof quantity> } & {
    salesValue: ReturnType<typeof rials>;
  };

/**
 * A company's own report table: `ownRow`, its `columns`, `locked`, and one unique index
 * (`<name>_unique` unless named) over the company and the columns `key`.
 */
function companyReportTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  key: readonly (keyof C & string)[],
  columns: C,
  unique = `${name}_unique`,
) {
  return pgTable(name, { ...ownRow(), ...columns, ...locked() }, (t) => [
    uniqueIndex(unique).on(
      t.legalPersonId,
      ...key.map((k) => (t as unknown as Record<string, AnyPgColumn>)[k]!),
    ),
  ]);
}

/**
 * A company's product report for one period (glossary "product report"): the product, its unit,
 * the Jalali fiscal year and the period (`annual`, `3m`, `6m`, `9m`), the planned, produced and
 * sold amounts (in `unit`) and the sales value (IRR).
 */
export const productReports = companyReportTable('product_reports', ['product', 'fiscalYear', 'period'], {
  ...productUnit(),
  /** Jalali fiscal year, e.g. 1403. */
  fiscalYear: smallint().notNull(),
  period: text().notNull().default('annual'),
  planned: quantity(),
  produced: quantity(),
  ...sales('sold'),
});

/**
 * Production capacity of a company's product in one Jalali year (glossary "production
 * capacity"): nominal capacity and actual production in `unit`; utilisation = actual / nominal.
 */
export const productionCapacities = companyReportTable('production_capacities', ['product', 'fiscalYear'], {
  ...productUnit(),
  fiscalYear: smallint().notNull(),
  nominalCapacity: quantity().notNull(),
  actualProduction: quantity(),
});

/**
 * A monthly performance (activity) report of a company (glossary "monthly performance report"):
 * Jalali year and month (1..12), product, unit, production and sales in `unit`, sales value IRR.
 */
export const monthlyPerformanceReports = companyReportTable(
  'monthly_performance_reports',
  ['year', 'month', 'product'],
  {
    year: smallint().notNull(),
    month: smallint().notNull(),
    ...productUnit(),
    production: quantity(),
    ...sales('salesQuantity'),
  },
  'monthly_performance_unique',
);

/**
 * A disclosure of a listed company on Codal (glossary "codal info"): the letter's tracing number
 * (unique), its kind (e.g. monthly activity, interim statements, assembly notice), title, the
 * company's ticker, the Jalali-displayed publish time and the Codal address.
 */
export const codalInfos = pgTable(
  'codal_infos',
  {
    id: serial().primaryKey(),
    legalPersonId: integer().references(() => legalPersons.id, { onDelete: 'cascade' }),
    ticker: text(),
    tracingNumber: text().notNull().unique(),
    letterCode: text(),
    kind: text().notNull(),
    title: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    url: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.legalPersonId, t.publishedAt), index().on(t.publishedAt)],
);

/**
 * Minutes of a meeting (MoM, صورتجلسه) about a company: meeting date (ISO), kind
 * (`board`, `assembly`, `supervision`, `other`), title, attendees, the decisions taken, and an
 * optional follow-up due date.
 */
export const meetingMinutes = pgTable(
  'meeting_minutes',
  {
    ...ownRow(),
    meetingDate: date().notNull(),
    kind: text().notNull().default('board'),
    title: text().notNull(),
    attendees: text().notNull().default(''),
    decisions: text().notNull().default(''),
    followUpDate: date(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...locked(),
  },
  (t) => [index().on(t.legalPersonId, t.meetingDate), index().on(t.meetingDate)],
);

/**
 * Per-user preferences as JSON under a key, e.g. `table:legal-persons` → `{ columns, widths,
 * sort }`. Written only by the user it belongs to.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: jsonb().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
