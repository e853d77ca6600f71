import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The 31 provinces; `code` is the official 2-digit code, `iso` IR-00..IR-30. */
export const provinces = pgTable('provinces', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  iso: text().notNull(),
  name: text().notNull(),
  nameEn: text().notNull(),
});

/** Cities with their county and official 10-digit code. */
export const cities = pgTable(
  'cities',
  {
    id: serial().primaryKey(),
    provinceId: integer()
      .notNull()
      .references(() => provinces.id),
    county: text().notNull(),
    countyCode: text().notNull(),
    name: text().notNull(),
    code: text().notNull().unique(),
    lat: doublePrecision(),
    lon: doublePrecision(),
  },
  (t) => [index().on(t.provinceId)],
);

/** TSETMC industry groups (2-digit sector code). */
export const industries = pgTable('industries', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});
