import { boolean, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { legalPersons, truePersons } from './persons.ts';

/**
 * A holding of shares. Exactly one of holderLegalId / holderTrueId is set (holderType legal | true).
 * `percentage` is a fraction 0..1 with 6 decimals = shareCount / company shareCount; null when
 * the holding is declared without a figure (an imported interest of unknown share: every figure
 * that needs it is "not computable", issue 17). `directness` 'direct' | 'indirect': an indirect
 * interest is a declared figure (BODS import), kept beside the computed integrated one and never
 * an edge of the ownership graph. Valid from/to: ISO days, both inclusive (domain/ownership/as-of.ts).
 */
export const shareholdings = pgTable(
  'shareholdings',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => legalPersons.id, { onDelete: 'cascade' }),
    holderType: text().notNull(),
    holderLegalId: integer().references(() => legalPersons.id, { onDelete: 'cascade' }),
    holderTrueId: integer().references(() => truePersons.id, { onDelete: 'cascade' }),
    shareCount: numeric({ precision: 24, scale: 0 }),
    percentage: numeric({ precision: 9, scale: 6 }),
    shareClass: text().notNull().default('common'),
    validFrom: date(),
    validTo: date(),
    directness: text().notNull().default('direct'),
    /** BODS interest type code (shareholding, votingRights, …) */
    interestType: text().notNull().default('shareholding'),
    /** where the row came from when imported: the BODS relationship statement id */
    sourceRef: text(),
  },
  (t) => [index().on(t.companyId), index().on(t.holderLegalId), index().on(t.holderTrueId)],
);

/** A board's term; the CEO is recorded beside the board. */
export const boards = pgTable(
  'boards',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => legalPersons.id, { onDelete: 'cascade' }),
    termStart: date(),
    termEnd: date(),
    approvedByAssembly: boolean().notNull().default(false),
    ceoId: integer().references(() => truePersons.id),
  },
  (t) => [index().on(t.companyId)],
);

/**
 * A seat. position: chairman | vice_chairman | member | alternate.
 * The holder is a legal person shareholder (with a true-person representative) or a true person.
 */
export const boardSeats = pgTable(
  'board_seats',
  {
    id: serial().primaryKey(),
    boardId: integer()
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    holderType: text().notNull(),
    holderLegalId: integer().references(() => legalPersons.id),
    holderTrueId: integer().references(() => truePersons.id),
    representativeId: integer().references(() => truePersons.id),
    position: text().notNull().default('member'),
    isExecutive: boolean().notNull().default(false),
    isIndependent: boolean().notNull().default(false),
    startDate: date(),
    endDate: date(),
  },
  (t) => [index().on(t.boardId), index().on(t.representativeId), index().on(t.holderTrueId)],
);
