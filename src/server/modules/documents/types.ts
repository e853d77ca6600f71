import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type DocumentType,
  documentType,
  documentTypeEntity,
  documentTypeInput,
} from '../../../contract/document-types.ts';
import { documentTypesQuery, ownerParams } from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { checkNameFree, pgError } from '../../db/pg-errors.ts';
import { documentTypes } from '../../db/schema/index.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

type DocumentTypeInputOut = z.output<typeof documentTypeInput>;

/**
 * The managed list of document types (contract/documents.ts): read by any role (the upload
 * dialog's picker), changed with `management.system` at /management/document-types/list. Each
 * change is a `defineMutation`: one transaction with one audit row (entity `document_type`,
 * before/after under the API's names); a unique-name race is a 422.
 */

const NOT_FOUND = 'نوع مستند یافت نشد';
const DUPLICATE = (name: string) => `نوع مستندی با نام «${name}» پیش‌تر ثبت شده است`;

const TYPE_COLUMNS = sql.raw(`t.id, t.name, t.owner_types, t.max_bytes, t.mime_types,
  (SELECT count(*)::int FROM documents d WHERE d.document_type_id = t.id) AS uses`);

/** Every document type (applying to `ownerType` when given), by name. */
export function listDocumentTypes(db: Db, ownerType: string | null = null) {
  return queryRows<DocumentType>(
    db,
    sql`SELECT ${TYPE_COLUMNS} FROM document_types t
        WHERE ${ownerType}::text IS NULL OR ${ownerType}::text = ANY(t.owner_types)
        ORDER BY t.name, t.id`,
  );
}

/** The document type `id` as the API answers it; 404 when it is gone (deleted meanwhile). */
async function readType(db: Db, id: number): Promise<DocumentType> {
  const [row] = await queryRows<DocumentType>(
    db,
    sql`SELECT ${TYPE_COLUMNS} FROM document_types t WHERE t.id = ${id}`,
  );
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The row `id` locked for the change; 404 «نوع مستند یافت نشد» when there is none. */
async function lockType(db: Db, id: number) {
  const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The body's values under the table's column names. */
const columnsOf = (body: DocumentTypeInputOut) => ({
  name: body.name,
  ownerTypes: body.owner_types,
  maxBytes: body.max_bytes,
  mimeTypes: body.mime_types,
});

/** The API fields of a type's row (what audit rows hold). */
const auditFields = (row: typeof documentTypes.$inferSelect) => ({
  name: row.name,
  owner_types: row.ownerTypes,
  max_bytes: row.maxBytes,
  mime_types: row.mimeTypes,
});

export const documentTypeRoutes = [
  /**
   * GET /api/document-types (any role) — `DocumentType[]` by name with `uses`;
   * `owner_type=legal|true` keeps the types applying to it (422 on another value).
   */
  defineRoute({
    method: 'get',
    path: '/api/document-types',
    permission: documentTypeEntity.permissions.list,
    summary: 'Document types (optionally those applying to one owner type)',
    tags: ['documents'],
    query: documentTypesQuery,
    response: z.array(documentType),
    handler: ({ db, query }) => listDocumentTypes(db, query.owner_type ?? null),
  }),
  ...entityWriteRoutes(documentTypeEntity, {
    paths: { list: '/api/document-types', item: '/api/document-types/:id{[0-9]+}' },
    tags: ['documents'],
    params: ownerParams,
    body: documentTypeInput,
    response: documentType,
    onUnique: (body) => invalid({ name: [DUPLICATE(body.name)] }),
    /**
     * POST /api/document-types (`management.system`) — `documentTypeInput` → `DocumentType`. 422
     * per field: name missing, longer than 80 or another type's (case-insensitive); no owner
     * type; max_bytes not 1 KB..15 MB (MAX_DOCUMENT_BYTES); no or unknown MIME type.
     */
    create: {
      summary: 'Create a document type',
      async handler({ db, body }) {
        await checkNameFree(db, documentTypes, body.name, null, DUPLICATE(body.name));
        const [row] = await db.insert(documentTypes).values(columnsOf(body)).returning();
        return { id: row!.id, after: auditFields(row!), result: await readType(db, row!.id) };
      },
    },
    /**
     * PUT /api/document-types/:id (`management.system`) — `documentTypeInput` → `DocumentType`;
     * 404 «نوع مستند یافت نشد»; 422 as create. Documents already on file keep their type even
     * when the new limits would refuse them.
     */
    update: {
      summary: 'Change a document type',
      async handler({ db, params, body }) {
        const before = await lockType(db, params.id);
        await checkNameFree(db, documentTypes, body.name, params.id, DUPLICATE(body.name));
        const [row] = await db
          .update(documentTypes)
          .set(columnsOf(body))
          .where(eq(documentTypes.id, params.id))
          .returning();
        const after = auditFields(row!);
        return { id: params.id, before: auditFields(before), after, result: await readType(db, params.id) };
      },
    },
    /**
     * DELETE /api/document-types/:id (`management.system`) → `{ deleted: true }`; 404; 409
     * (Persian) while documents of this type are on file.
     */
    remove: {
      summary: 'Delete a document type that no document uses',
      response: deletedAnswer,
      async handler({ db, params }) {
        const refuse = (n: number) =>
          conflict(
            `این نوع مستند برای ${toPersianDigits(n)} مستند به کار رفته است و حذف نمی‌شود؛ نخست آن مستندها را حذف کنید یا نوع دیگری به آن‌ها بدهید`,
          );
        const before = await lockType(db, params.id);
        const [used] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM documents WHERE document_type_id = ${params.id}`,
        );
        if ((used?.n ?? 0) > 0) throw refuse(used!.n);
        try {
          await db.delete(documentTypes).where(eq(documentTypes.id, params.id));
        } catch (e) {
          // An upload of this type committed between the count and the delete: the foreign key refuses.
          if (pgError(e).code === '23503') throw refuse(1);
          throw e;
        }
        return { id: params.id, before: auditFields(before), result: { deleted: true as const } };
      },
    },
  }),
];
