import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `bytea`. The file store (server/files/db-store.ts) reads and writes it as base64 text in SQL,
 * which is fast on both drivers; through Drizzle it would be a Uint8Array (a Buffer from
 * node-postgres).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The bytes of uploaded files (documents of persons, resume documents), once per content: the
 * default file store (server/files/db-store.ts). `sha256` is the lower-case hex SHA-256 of
 * `bytes`, which rows such as `documents.sha256` and `resume_documents.sha256` name; `size` in
 * bytes. A blob is written in the same transaction as the row that names it and removed by the
 * sweep once no row names it (server/files/store.ts).
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    sha256: text().primaryKey(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('file_blobs_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
);
