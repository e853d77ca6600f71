import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Issues (موضوعات; issue 18, shared/GLOSSARY.md "Work and records"): what auditors raise about a
 * record and work through triage, with structured details and a trail of official letters.
 */

/** The managed list of issue types (نوع موضوع): a Persian name, in order; inactive ones are kept for old issues. */
export const issueTypes = pgTable('issue_types', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  active: boolean().notNull().default(true),
  sort: smallint().notNull().default(0),
});

/**
 * One issue about a record (`objectType` + `objectId`: a legal person, a true person, a
 * financial statement …). `status` and the fields that go with it (`duplicateOf`,
 * `declineReason`, `snoozedUntil`, `snoozedFrom`) are the context of the status statechart
 * (domain/issues/issue-status.ts), changed only through its moves; `priority` 1 (urgent) to 4
 * (low); `description` is Markdown, sanitised when shown. `version` is the optimistic lock of
 * updates; `assigneeSeenAt` says when the assignee last opened it since being assigned (the
 * cartable's unseen count).
 */
export const issues = pgTable(
  'issues',
  {
    id: serial().primaryKey(),
    objectType: text().notNull(),
    objectId: integer().notNull(),
    issueTypeId: integer()
      .notNull()
      .references(() => issueTypes.id),
    title: text().notNull(),
    description: text(),
    priority: smallint().notNull().default(3),
    status: text().notNull().default('new'),
    duplicateOf: integer(),
    declineReason: text(),
    snoozedUntil: date(),
    snoozedFrom: text(),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    assigneeSeenAt: timestamp({ withTimezone: true }),
    dueDate: date(),
    /** The due date whose passing was notified (the sweep tells once per due date). */
    dueNotifiedOn: date(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    index().on(t.issueTypeId),
    index().on(t.objectType, t.objectId),
    index().on(t.assigneeId),
    // the sweep's due dates passed (jobs/issue-sweep.ts)
    index('issues_due_open_idx')
      .on(t.dueDate)
      .where(sql`${t.dueDate} IS NOT NULL AND ${t.status} IN ('new','accepted','in_progress')`),
    check('issues_priority_range', sql`${t.priority} BETWEEN 1 AND 4`),
    check(
      'issues_status_known',
      sql`${t.status} IN ('new','accepted','in_progress','duplicate','declined','snoozed','resolved','closed')`,
    ),
  ],
);

/** A structured sub-item of an issue, with a status of its own (open or done), in order. */
export const issueDetails = pgTable(
  'issue_details',
  {
    id: serial().primaryKey(),
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    done: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.issueId, t.sort)],
);

/**
 * An official letter of an issue's correspondence, in (`in`, received) or out (`out`, sent).
 * `serial` is its number within its Jalali year and direction, issued from `letterCounters` in
 * the letter's own transaction: no gaps, no duplicates (the unique key stands guard);
 * `referenceNumber` is the number as printed. `letterDate` is the letter's date (ISO; shown in
 * Jalali).
 */
export const issueLetters = pgTable(
  'issue_letters',
  {
    id: serial().primaryKey(),
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    direction: text().notNull(),
    year: smallint().notNull(),
    serial: integer().notNull(),
    referenceNumber: text().notNull(),
    letterDate: date().notNull(),
    sender: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.year, t.direction, t.serial),
    index().on(t.issueId, t.letterDate),
    check('issue_letters_direction', sql`${t.direction} IN ('in','out')`),
  ],
);

/**
 * A file attached to a letter (a scan of the letter received, an annex), stored as documents are:
 * metadata here, the bytes in the content-addressed file store (server/files/store.ts) under
 * `sha256`, put in this row's transaction. `mime` is judged from the bytes, `fileName` made safe,
 * `size` in bytes. Goes with its letter (and so with its issue).
 */
export const issueLetterAttachments = pgTable(
  'issue_letter_attachments',
  {
    id: serial().primaryKey(),
    letterId: integer()
      .notNull()
      .references(() => issueLetters.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.letterId), index().on(t.sha256)],
);

/** The last letter number issued per Jalali year and direction (a row locked while a letter takes the next). */
export const letterCounters = pgTable(
  'letter_counters',
  {
    year: smallint().notNull(),
    direction: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.direction] })],
);

/**
 * Who follows an issue: they are told of its new letters (and its due date passing). The
 * creator and each assignee follow it on their own; anyone with `issues` may follow or unfollow.
 */
export const issueFollowers = pgTable(
  'issue_followers',
  {
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] }), index().on(t.userId)],
);
