import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { legalPersons } from './persons.ts';

/**
 * The object types labels, documents and bulk operations apply to (the `type` of
 * `/api/logs/view-entity/{id}/{type}`).
 */
export const ENTITY_TYPES = ['legal_person', 'true_person', 'issue'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * Labels staff manage at `/label-list`: a name, a colour (`#rrggbb`) and the object types it may
 * be set on (`objectTypes`, a subset of ENTITY_TYPES).
 */
export const labels = pgTable('labels', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  color: text().notNull(),
  objectTypes: text().array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A label set on one record (`entityType` + `entityId`). */
export const entityLabels = pgTable(
  'entity_labels',
  {
    labelId: integer()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    entityType: text().notNull(),
    entityId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.entityType, t.entityId] }),
    index().on(t.entityType, t.entityId),
  ],
);

/**
 * A bulk action (label, unlabel, delete) on a selection, kept so that its author can undo it
 * until `undoUntil` (10 s after it ran). `undo` holds what reverting needs (ids whose label was
 * newly set, ids soft-deleted); `undoneAt` is set once reverted.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    entityType: text().notNull(),
    affected: integer().notNull(),
    undo: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoUntil: timestamp({ withTimezone: true }).notNull(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/**
 * The company status report (`/person/legal-persons/status/{id}`): one row per section 0..10
 * (general, registration, capital and shares, shareholders, board and CEO, employees, activities
 * and products, financial summary, subsidiaries, assemblies, documents), each saved on its own
 * with its own optimistic-lock `version`. `data` is the section's validated JSON.
 */
export const legalPersonStatusSections = pgTable(
  'legal_person_status_sections',
  {
    legalPersonId: integer()
      .notNull()
      .references(() => legalPersons.id, { onDelete: 'cascade' }),
    section: smallint().notNull(),
    data: jsonb().notNull(),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.legalPersonId, t.section] })],
);

/**
 * The managed list of document types: a Persian name, the owner types it applies to, the largest
 * file in bytes and the accepted MIME types (checked against the file's bytes).
 */
export const documentTypes = pgTable('document_types', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  ownerTypes: text().array().notNull().default(sql`'{}'::text[]`),
  maxBytes: integer().notNull(),
  mimeTypes: text().array().notNull().default(sql`'{}'::text[]`),
});

/**
 * A document of an owner (`ownerType` + `ownerId`): metadata here, the bytes in the
 * content-addressed file store (server/files/store.ts) under `sha256`.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    ownerType: text().notNull(),
    ownerId: integer().notNull(),
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id),
    title: text().notNull(),
    fileName: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerType, t.ownerId)],
);
