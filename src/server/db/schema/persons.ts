import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cities, industries } from './geo.ts';

/**
 * The bookkeeping columns both kinds of person end with: demo data, the search key
 * (domain/persian-text), the optimistic lock (`version`, bumped by every change; an update must
 * carry the version it was read at), the times, and `deletedAt`, set by a (bulk) delete: deleted
 * records leave every list, search and view, and can be restored by undo. A function: each
 * table needs its own column builders.
 */
const personRecordColumns = () => ({
  isDemo: boolean().notNull().default(false),
  searchText: text().notNull().default(''),
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp({ withTimezone: true }),
});

/**
 * Legal persons: companies, funds, ministries, holdings, institutions.
 * Amounts in IRR as numeric (strings in the API). `searchText` holds the normalised
 * name, ticker and national id for search (see domain/persian-text).
 */
export const legalPersons = pgTable(
  'legal_persons',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    kind: text().notNull().default('company'),
    nationalId: text().unique(),
    registrationNumber: text(),
    registrationDate: date(),
    registrationCityId: integer().references(() => cities.id),
    legalForm: text(),
    economicCode: text(),
    ownershipType: text(),
    registeredCapital: numeric({ precision: 24, scale: 0 }),
    shareCount: numeric({ precision: 24, scale: 0 }),
    nominalShareValue: numeric({ precision: 24, scale: 0 }),
    industryId: integer().references(() => industries.id),
    supervisingBodyId: integer(),
    isListed: boolean().notNull().default(false),
    /** One of the entities that make up the state (ministries, state holdings, state pension funds): staff set it; issue 17 */
    isStateEntity: boolean().notNull().default(false),
    ticker: text(),
    isin: text(),
    market: text(),
    tsetmcInscode: text(),
    fiscalYearEnd: text(),
    auditor: text(),
    status: text().notNull().default('active'),
    address: text(),
    postalCode: text(),
    phone: text(),
    website: text(),
    employees: integer(),
    ...personRecordColumns(),
  },
  (t) => [
    index().on(t.industryId),
    index().on(t.supervisingBodyId),
    // The lists' usual filters (status, kind, a capital range) over live records: counted and
    // filtered by an index-only scan; in the capital order of the lists (the id breaking ties),
    // so a block far into the filtered list sorted by capital is found by an index-only OFFSET
    // (issue 15: row 421,666 of 843,331 in about 0.1 s, against 5 s through the heap).
    index('legal_persons_status_kind_capital_idx')
      .on(t.status, t.kind, sql`${t.registeredCapital} DESC NULLS LAST`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('legal_persons_capital_idx').on(sql`${t.registeredCapital} DESC NULLS LAST`, t.id),
    index('legal_persons_name_idx').on(t.name, t.id),
    index('legal_persons_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Search's "name starts with" candidates by a range scan (LIKE 'x%' with a LIMIT), not the
    // trigram index's bitmap of every row holding a common word (modules/search/query.ts).
    index('legal_persons_search_prefix')
      .on(sql`${t.searchText} text_pattern_ops`)
      .where(sql`${t.deletedAt} IS NULL`),
    // Counts the live (not deleted) records by an index-only scan: the list's total on page 1.
    index('legal_persons_live_idx').on(t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: serial().primaryKey(),
    legalPersonId: integer()
      .notNull()
      .references(() => legalPersons.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    cityId: integer().references(() => cities.id),
    address: text(),
    phone: text(),
    manager: text(),
  },
  (t) => [index().on(t.legalPersonId)],
);

/** True persons (individuals). `nationalCode` is the 10-digit code with check digit. */
export const truePersons = pgTable(
  'true_persons',
  {
    id: serial().primaryKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    fatherName: text(),
    nationalCode: text().unique(),
    birthCertificateNumber: text(),
    birthDate: date(),
    birthCityId: integer().references(() => cities.id),
    gender: text(),
    mobile: text(),
    email: text(),
    educationLevel: text(),
    fieldOfStudy: text(),
    ...personRecordColumns(),
  },
  (t) => [
    index('true_persons_name_idx').on(t.lastName, t.firstName, t.id),
    index('true_persons_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Search's prefix candidates: the whole name (first name first) and the surname alone, by
    // range scans (modules/search/query.ts); a common surname is 5% of 3 million rows.
    index('true_persons_search_prefix')
      .on(sql`${t.searchText} text_pattern_ops`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('true_persons_last_name_prefix')
      .on(sql`${t.lastName} text_pattern_ops`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('true_persons_live_idx').on(t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Contact data of a person. `ownerType`: legal | true. `kind`: phone, mobile, email, fax, address, website. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial().primaryKey(),
    ownerType: text().notNull(),
    ownerId: integer().notNull(),
    kind: text().notNull(),
    value: text().notNull(),
    isPrimary: boolean().notNull().default(false),
  },
  (t) => [index().on(t.ownerType, t.ownerId)],
);

/** Messages sent to the organisation through the public contact form; staff mark them seen. */
export const contactMessages = pgTable('contact_messages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  mobile: text(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const contactMessageSeen = pgTable(
  'contact_message_seen',
  {
    messageId: integer()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.messageId)],
);
