import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { cities } from './geo.ts';

/**
 * Resumes of applicants for board and management posts (contract/resume.ts). The applicant is a
 * guest (no staff account), keyed by national code. One table, `guests`, holds the applicant and
 * everything of their resume that is one-to-one (personal data, review, the list's denormalised
 * columns); degrees, posts, acceptances, answers and documents have their own tables.
 */

/**
 * One applicant and their resume. `step` is where they are (1..7), `completedStep` the highest
 * step saved valid (0..6); `submittedAt` set once by submit (after it nothing changes but the
 * review). Denormalised for the staff list (kept current when steps 1–3 are saved):
 * `educationLevel`/`educationRank`/`educationField` of the highest degree (rank 1 diploma ..
 * 5 doctorate), `experienceYears` (sum of the posts' spans, one decimal), `boardSeats`, and
 * `searchText` (searchKey of the name, then the national code).
 */
export const guests = pgTable(
  'guests',
  {
    id: serial().primaryKey(),
    nationalCode: text().notNull().unique(),
    mobile: text().notNull(),
    step: smallint().notNull().default(1),
    completedStep: smallint().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }),
    firstName: text(),
    lastName: text(),
    fatherName: text(),
    birthDate: date(),
    birthCityId: integer().references(() => cities.id),
    gender: text(),
    email: text(),
    address: text(),
    /** The current `photo` document (resume_documents.id). */
    photoDocumentId: integer(),
    reviewStatus: text().notNull().default('received'),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    educationLevel: text(),
    educationRank: smallint(),
    educationField: text(),
    experienceYears: numeric({ precision: 5, scale: 1 }).notNull().default('0'),
    boardSeats: smallint().notNull().default(0),
    searchText: text().notNull().default(''),
    isDemo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guests_submitted_idx').on(t.submittedAt, t.id),
    index('guests_last_name_idx').on(t.lastName, t.id),
    index('guests_experience_idx').on(t.experienceYears, t.id),
    index('guests_board_seats_idx').on(t.boardSeats, t.id),
    index('guests_education_rank_idx').on(t.educationRank, t.id),
    index('guests_review_status_idx').on(t.reviewStatus),
    index('guests_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Degrees of a resume (step 2), in the order entered. `level`: contract EDUCATION_LEVELS. */
export const resumeEducations = pgTable(
  'resume_educations',
  {
    id: serial().primaryKey(),
    guestId: integer()
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    level: text().notNull(),
    field: text().notNull(),
    university: text().notNull(),
    graduationDate: date().notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index().on(t.guestId)],
);

/** Posts held (step 3), in the order entered; `toDate` null while current. */
export const resumeExperiences = pgTable(
  'resume_experiences',
  {
    id: serial().primaryKey(),
    guestId: integer()
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    organization: text().notNull(),
    post: text().notNull(),
    fromDate: date().notNull(),
    toDate: date(),
    isCurrent: boolean().notNull().default(false),
    boardSeat: boolean().notNull().default(false),
    leavingReason: text(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index().on(t.guestId)],
);

/** The provisions (declarations) an applicant accepts at step 4; managed by staff. */
export const resumeProvisions = pgTable('resume_provisions', {
  id: serial().primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  active: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const resumeProvisionAcceptances = pgTable(
  'resume_provision_acceptances',
  {
    guestId: integer()
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    provisionId: integer()
      .notNull()
      .references(() => resumeProvisions.id),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.provisionId] }), index().on(t.provisionId)],
);

/** The term-and-condition questions asked at step 5; `kind` yes_no | text; managed by staff. */
export const resumeTerms = pgTable('resume_terms', {
  id: serial().primaryKey(),
  question: text().notNull(),
  kind: text().notNull().default('yes_no'),
  required: boolean().notNull().default(true),
  active: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const resumeTermAnswers = pgTable(
  'resume_term_answers',
  {
    guestId: integer()
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    termId: integer()
      .notNull()
      .references(() => resumeTerms.id),
    answer: text(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.termId] }), index().on(t.termId)],
);

/**
 * Uploaded documents: metadata here, the bytes in the content-addressed file store
 * (server/files/store.ts) under `sha256`. `type`: photo | national_card | degree | other.
 */
export const resumeDocuments = pgTable(
  'resume_documents',
  {
    id: serial().primaryKey(),
    guestId: integer()
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    fileName: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.guestId)],
);
