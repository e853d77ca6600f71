import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { legalPersons } from './persons.ts';

/**
 * Each company's state share and class as of `computed_for` (issue 17, "State share"), computed
 * by server/modules/ownership/classes.ts from the holdings valid that day and the state entities,
 * so that every list can show and filter by it. Rewritten whole after every change of holdings
 * or of the state flag, and when the day changes.
 */
export const companyStateClass = pgTable(
  'company_state_class',
  {
    companyId: integer()
      .primaryKey()
      .references(() => legalPersons.id, { onDelete: 'cascade' }),
    /** the state's integrated share, fraction 0..1; null when not computable */
    stateShare: numeric({ precision: 12, scale: 9 }),
    /** 'state' (a state entity) | 'state-owned' | 'state-affiliated' | 'private' | 'unknown' (not computable) */
    stateClass: text().notNull(),
    controlled: boolean().notNull().default(false),
    computedFor: date().notNull(),
  },
  (t) => [index().on(t.stateClass)],
);

/**
 * A draft change of the corporate structure (issue 17, /person/corporate-structure-modification):
 * a list of operations (transfer, add, remove, merge, divest) previewed against today's graph,
 * then applied in one transaction or discarded. `company_ids`: the companies the operations
 * touch, to tell two analysts drafting on the same company.
 */
export const structureDrafts = pgTable(
  'structure_drafts',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    status: text().notNull().default('draft'),
    operations: jsonb().notNull().default([]),
    companyIds: integer().array().notNull().default([]),
    effectiveOn: date(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.status)],
);
