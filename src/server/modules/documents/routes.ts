import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DOCUMENT_MIME_TITLES,
  DOCUMENT_MIMES,
  type DocumentItem,
  type DocumentMime,
  documentItem,
  documentUpload,
  type OwnerType,
  ownedDocumentParams,
  ownerParams,
} from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { roleHolds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { documents, documentTypes } from '../../db/schema/index.ts';
import { contentDisposition } from '../../files/sniff.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { documentFileName, sniffDocumentMime } from './mime.ts';
import { assertOwner, OWNERS, type OwnerPaths, type OwnerSpec } from './owner.ts';
import { documentTypeRoutes } from './types.ts';

/**
 * Documents of legal and true persons (contract/documents.ts): metadata in `documents`, bytes in
 * the content-addressed store (files/store.ts), put in the row's transaction. Uploads and deletes
 * run in one transaction with one audit row (entity `document`, `owner_type` + `owner_id` in
 * before/after, which is how the owner's history tab — persons/history.ts — finds them).
 */

const DOC_NOT_FOUND = 'مستند یافت نشد';

const mb = (bytes: number) => toPersianDigits(Math.round((bytes / 1024 / 1024) * 10) / 10);

interface DocRow {
  id: number;
  owner_type: OwnerType;
  owner_id: number;
  type_id: number;
  type_name: string;
  title: string;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

function docRows(db: Db, where: ReturnType<typeof sql>) {
  return queryRows<DocRow>(
    db,
    sql`SELECT d.id, d.owner_type, d.owner_id, t.id AS type_id, t.name AS type_name, d.title, d.file_name,
          d.mime, d.size, d.sha256, u.id AS user_id,
          NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name,
          ${isoTimestamp(sql.raw('d.created_at'))} AS created_at
        FROM documents d
        JOIN document_types t ON t.id = d.document_type_id
        LEFT JOIN users u ON u.id = d.uploaded_by
        WHERE ${where}
        ORDER BY d.created_at DESC, d.id DESC`,
  );
}

const toItem = (r: DocRow): DocumentItem => ({
  id: r.id,
  owner_type: r.owner_type,
  owner_id: r.owner_id,
  document_type: { id: r.type_id, name: r.type_name },
  title: r.title,
  file_name: r.file_name,
  mime: r.mime,
  size: r.size,
  uploaded_by: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
  created_at: r.created_at,
});

/** What an audit row keeps of a document (API names; `owner_type`/`owner_id` link it to the owner). */
const auditFields = (r: DocRow | typeof documents.$inferSelect, typeName: string) => ({
  owner_type: 'ownerType' in r ? r.ownerType : r.owner_type,
  owner_id: 'ownerId' in r ? r.ownerId : r.owner_id,
  document_type: typeName,
  title: r.title,
  file_name: 'fileName' in r ? r.fileName : r.file_name,
  mime: r.mime,
  size: r.size,
  sha256: r.sha256,
});

function ownerRoutes(spec: OwnerSpec, paths: OwnerPaths): AnyRoute[] {
  return [
    /** GET …/:id/documents (view) — `DocumentItem[]`, newest first; 404 owner missing or deleted. */
    defineRoute({
      method: 'get',
      path: paths.list,
      permission: spec.view,
      summary: `Documents of a ${spec.type} person`,
      tags: ['documents'],
      params: ownerParams,
      response: z.array(documentItem),
      async handler({ db, params }) {
        await assertOwner(db, spec, params.id);
        const rows = await docRows(db, sql`d.owner_type = ${spec.type} AND d.owner_id = ${params.id}`);
        return rows.map(toItem);
      },
    }),
    /**
     * POST …/:id/documents (edit; multipart `document_type_id`, `title`, `file`) → `DocumentItem`.
     * 404 owner missing or deleted; 422 per field (Persian): no type, a type that does not apply
     * to this owner type, no title, an empty file, a file over the type's `max_bytes`, or bytes
     * that are none of the type's `mime_types` (judged by content, not name or claimed type).
     */
    defineRoute({
      method: 'post',
      path: paths.list,
      permission: spec.edit,
      summary: `Upload a document of a ${spec.type} person`,
      tags: ['documents'],
      params: ownerParams,
      bodyType: 'form',
      body: documentUpload,
      response: documentItem,
      async handler({ db, deps, params, body, session, audit }) {
        await assertOwner(db, spec, params.id);
        const [type] = await db
          .select()
          .from(documentTypes)
          .where(eq(documentTypes.id, body.document_type_id));
        if (!type) throw invalid({ document_type_id: ['نوع مستند یافت نشد؛ آن را از فهرست انتخاب کنید'] });
        if (!type.ownerTypes.includes(spec.type)) {
          throw invalid({
            document_type_id: [
              `نوع «${type.name}» برای ${spec.type === 'legal' ? 'اشخاص حقوقی' : 'اشخاص حقیقی'} نیست`,
            ],
          });
        }
        if (body.file.size === 0) throw invalid({ file: ['پرونده خالی است'] });
        if (body.file.size > type.maxBytes) {
          throw invalid({ file: [`حجم پرونده «${type.name}» حداکثر ${mb(type.maxBytes)} مگابایت است`] });
        }
        const bytes = new Uint8Array(await body.file.arrayBuffer());
        const mime = sniffDocumentMime(bytes);
        if (!mime || !type.mimeTypes.includes(mime)) {
          const allowed = type.mimeTypes.map((m) => DOCUMENT_MIME_TITLES[m as DocumentMime] ?? m);
          throw invalid({
            file: [`محتوای پرونده از نوع‌های پذیرفته برای «${type.name}» (${allowed.join('، ')}) نیست`],
          });
        }
        const fileName = documentFileName((body.file as File).name, mime as DocumentMime, 'document');
        return db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const stored = await deps.files.put(tx, bytes);
          const [doc] = await tx
            .insert(documents)
            .values({
              ownerType: spec.type,
              ownerId: params.id,
              documentTypeId: type.id,
              title: body.title,
              fileName,
              mime,
              size: stored.size,
              sha256: stored.sha256,
              uploadedBy: session?.user?.id ?? null,
              createdAt: deps.now(),
            })
            .returning();
          await audit(tx, {
            action: 'create',
            entity: 'document',
            entityId: doc!.id,
            after: auditFields(doc!, type.name),
          });
          const [row] = await docRows(tx, sql`d.id = ${doc!.id}`);
          return toItem(row!);
        });
      },
    }),
    /**
     * DELETE …/:id/documents/:documentId (edit) → `{ deleted: true }`; 404 owner or document. The
     * bytes stay in the store until its sweep finds no row naming them (files/store.ts).
     */
    defineRoute({
      method: 'delete',
      path: paths.item,
      permission: spec.edit,
      summary: `Delete a document of a ${spec.type} person`,
      tags: ['documents'],
      params: ownedDocumentParams,
      response: deletedAnswer,
      async handler({ db, params, audit }) {
        return db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const [row] = await docRows(
            tx,
            sql`d.id = ${params.documentId} AND d.owner_type = ${spec.type} AND d.owner_id = ${params.id}`,
          );
          if (!row) throw notFound(DOC_NOT_FOUND);
          await tx.delete(documents).where(and(eq(documents.id, row.id), eq(documents.ownerType, spec.type)));
          await audit(tx, {
            action: 'delete',
            entity: 'document',
            entityId: row.id,
            before: auditFields(row, row.type_name),
          });
          return { deleted: true as const };
        });
      },
    }),
  ];
}

/**
 * GET /api/documents/:id/file (any role holding the owner's view permission) — the file with its
 * stored type, length and a Content-Disposition carrying the UTF-8 name (RFC 6266/5987): inline
 * for images, attachment otherwise; not cached by proxies. 404 when the document, its live owner
 * or its bytes are missing, and also without the owner's view permission: answering 403 there
 * would tell which ids exist.
 */
const download = defineRoute({
  method: 'get',
  path: '/api/documents/:id{[0-9]+}/file',
  permission: 'role',
  summary: 'Download a document file',
  tags: ['documents'],
  params: ownerParams,
  response: { file: [...DOCUMENT_MIMES] },
  async handler({ db, deps, params, session }) {
    const [row] = await docRows(db, sql`d.id = ${params.id}`);
    if (!row) throw notFound(DOC_NOT_FOUND);
    const spec = OWNERS[row.owner_type];
    if (!spec) throw notFound(DOC_NOT_FOUND);
    if (!(await roleHolds(db, session, spec.view))) throw notFound(DOC_NOT_FOUND);
    await assertOwner(db, spec, row.owner_id);
    const bytes = await deps.files.get(db, row.sha256);
    if (!bytes) throw new HttpError(404, 'پرونده این مستند در بایگانی یافت نشد');
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': row.mime,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': contentDisposition(row.file_name, row.mime),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});

export const documentRoutes: AnyRoute[] = [
  ...documentTypeRoutes,
  ...ownerRoutes(OWNERS.legal, {
    list: '/api/person/legal-persons/:id{[0-9]+}/documents',
    item: '/api/person/legal-persons/:id{[0-9]+}/documents/:documentId{[0-9]+}',
  }),
  ...ownerRoutes(OWNERS.true, {
    list: '/api/person/true-persons/:id{[0-9]+}/documents',
    item: '/api/person/true-persons/:id{[0-9]+}/documents/:documentId{[0-9]+}',
  }),
  download,
];
