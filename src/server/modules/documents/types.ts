import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type DocumentType,
  documentType,
  documentTypeInput,
  documentTypesQuery,
  ownerParams,
} from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { checkNameFree, pgError, uniqueGuard } from '../../db/pg-errors.ts';
import { documentTypes } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * The managed list of document types (contract/documents.ts): read by any role (the upload
 * dialog's picker), changed with `management.system` at /management/document-types/list. Each
 * change runs in one transaction with one audit row (entity `document_type`, before/after under
 * the API's names).
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
    permission: 'role',
    summary: 'Document types (optionally those applying to one owner type)',
    tags: ['documents'],
    query: documentTypesQuery,
    response: z.array(documentType),
    handler: ({ db, query }) => listDocumentTypes(db, query.owner_type ?? null),
  }),
  /**
   * POST /api/document-types (`management.system`) — `documentTypeInput` → `DocumentType`. 422 per
   * field: name missing, longer than 80 or another type's (case-insensitive); no owner type;
   * max_bytes not 1 KB..15 MB (MAX_DOCUMENT_BYTES); no or unknown MIME type.
   */
  defineRoute({
    method: 'post',
    path: '/api/document-types',
    permission: 'management.system',
    summary: 'Create a document type',
    tags: ['documents'],
    body: documentTypeInput,
    response: documentType,
    async handler({ db, body, audit }) {
      const id = await uniqueGuard(
        () =>
          db.transaction(async (tx) => {
            await checkNameFree(tx, documentTypes, body.name, null, DUPLICATE(body.name));
            const [row] = await tx
              .insert(documentTypes)
              .values({
                name: body.name,
                ownerTypes: body.owner_types,
                maxBytes: body.max_bytes,
                mimeTypes: body.mime_types,
              })
              .returning();
            await audit(tx, {
              action: 'create',
              entity: 'document_type',
              entityId: row!.id,
              after: auditFields(row!),
            });
            return row!.id;
          }),
        () => invalid({ name: [DUPLICATE(body.name)] }),
      );
      return readType(db, id);
    },
  }),
  /**
   * PUT /api/document-types/:id (`management.system`) — `documentTypeInput` → `DocumentType`;
   * 404 «نوع مستند یافت نشد»; 422 as create. Documents already on file keep their type even when
   * the new limits would refuse them.
   */
  defineRoute({
    method: 'put',
    path: '/api/document-types/:id{[0-9]+}',
    permission: 'management.system',
    summary: 'Change a document type',
    tags: ['documents'],
    params: ownerParams,
    body: documentTypeInput,
    response: documentType,
    async handler({ db, params, body, audit }) {
      await uniqueGuard(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(documentTypes)
              .where(eq(documentTypes.id, params.id))
              .for('update');
            if (!before) throw notFound(NOT_FOUND);
            await checkNameFree(tx, documentTypes, body.name, params.id, DUPLICATE(body.name));
            const [row] = await tx
              .update(documentTypes)
              .set({
                name: body.name,
                ownerTypes: body.owner_types,
                maxBytes: body.max_bytes,
                mimeTypes: body.mime_types,
              })
              .where(eq(documentTypes.id, params.id))
              .returning();
            await audit(tx, {
              action: 'update',
              entity: 'document_type',
              entityId: params.id,
              before: auditFields(before),
              after: auditFields(row!),
            });
          }),
        () => invalid({ name: [DUPLICATE(body.name)] }),
      );
      return readType(db, params.id);
    },
  }),
  /**
   * DELETE /api/document-types/:id (`management.system`) → `{ deleted: true }`; 404; 409 (Persian)
   * while documents of this type are on file.
   */
  defineRoute({
    method: 'delete',
    path: '/api/document-types/:id{[0-9]+}',
    permission: 'management.system',
    summary: 'Delete a document type that no document uses',
    tags: ['documents'],
    params: ownerParams,
    response: deletedAnswer,
    async handler({ db, params, audit }) {
      const refuse = (n: number) =>
        conflict(
          `این نوع مستند برای ${toPersianDigits(n)} مستند به کار رفته است و حذف نمی‌شود؛ نخست آن مستندها را حذف کنید یا نوع دیگری به آن‌ها بدهید`,
        );
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(documentTypes)
            .where(eq(documentTypes.id, params.id))
            .for('update');
          if (!before) throw notFound(NOT_FOUND);
          const [used] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM documents WHERE document_type_id = ${params.id}`,
          );
          if ((used?.n ?? 0) > 0) throw refuse(used!.n);
          await tx.delete(documentTypes).where(eq(documentTypes.id, params.id));
          await audit(tx, {
            action: 'delete',
            entity: 'document_type',
            entityId: params.id,
            before: auditFields(before),
          });
          return { deleted: true as const };
        });
      } catch (e) {
        // An upload of this type committed between the count and the delete: the foreign key refuses.
        if (pgError(e).code === '23503') throw refuse(1);
        throw e;
      }
    },
  }),
];
