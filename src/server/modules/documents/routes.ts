import { and, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_MIME_TITLES,
  DOCUMENT_MIMES,
  type DocumentItem,
  type DocumentMime,
  documentEntity,
  documentItem,
  documentUpload,
  ownerParams,
} from '../../../contract/documents.ts';
import { OWNERS, type OwnerType } from '../../../contract/owners.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { roleHolds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { documents, documentTypes } from '../../db/schema/index.ts';
import { fileResponse } from '../../files/sniff.ts';
import { type FieldErrors, invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { assertOwner, type Owner, ownedRoutes } from '../../http/owned.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { documentFileName, sniffDocumentMime } from './mime.ts';
import { documentTypeRoutes } from './types.ts';

/**
 * Documents of legal and true persons (contract/documents.ts): metadata in `documents`, bytes in
 * the content-addressed store (files/store.ts), put in the row's transaction. Uploads and deletes
 * run in one transaction with one audit row (entity `document`, `owner_type` + `owner_id` in
 * before/after, which is how the owner's history tab — persons/history.ts — finds them).
 */

const DOC_NOT_FOUND = 'مستند یافت نشد';
const OWNER_PLURALS: Record<OwnerType, string> = { legal: 'اشخاص حقوقی', true: 'اشخاص حقیقی' };

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

/** The 422 of an upload that `type` refuses (a type of other owners, an empty or large file), or null. */
function refusal(type: typeof documentTypes.$inferSelect, owner: Owner, file: Blob): FieldErrors | null {
  if (!type.ownerTypes.includes(owner.type))
    return { document_type_id: [`نوع «${type.name}» برای ${OWNER_PLURALS[owner.type]} نیست`] };
  if (file.size === 0) return { file: ['پرونده خالی است'] };
  if (file.size > type.maxBytes)
    return { file: [`حجم پرونده «${type.name}» حداکثر ${mb(type.maxBytes)} مگابایت است`] };
  return null;
}

/**
 * GET, POST /api/person/{legal-persons|true-persons}/:id/documents and DELETE …/:documentId (the
 * person's view / edit permission), served by the sub-record routes (http/owned.ts):
 * - GET → `DocumentItem[]`, newest first.
 * - POST (multipart `document_type_id`, `title`, `file`) → `DocumentItem`; 422 per field (Persian):
 *   no type, a type that does not apply to this owner type, no title, an empty file, a file over
 *   the type's `max_bytes`, or bytes that are none of the type's `mime_types` (judged by content,
 *   not name or claimed type).
 * - DELETE → `{ deleted: true }`; the bytes stay in the store until its sweep finds no row naming
 *   them (files/store.ts).
 * 404 when the person is missing or deleted, or has no such document.
 */
const ownerRoutes = ownedRoutes(documentEntity, {
  paths: {
    legal: {
      list: '/api/person/legal-persons/:id{[0-9]+}/documents',
      item: '/api/person/legal-persons/:id{[0-9]+}/documents/:documentId{[0-9]+}',
    },
    true: {
      list: '/api/person/true-persons/:id{[0-9]+}/documents',
      item: '/api/person/true-persons/:id{[0-9]+}/documents/:documentId{[0-9]+}',
    },
  },
  tags: ['documents'],
  notFound: DOC_NOT_FOUND,
  row: documentItem,
  list: async (db, owner) =>
    (await docRows(db, sql`d.owner_type = ${owner.type} AND d.owner_id = ${owner.id}`)).map(toItem),
  create: {
    body: documentUpload,
    form: true,
    async write({ db, deps, owner, body, session }) {
      const [type] = await db.select().from(documentTypes).where(eq(documentTypes.id, body.document_type_id));
      if (!type) throw invalid({ document_type_id: ['نوع مستند یافت نشد؛ آن را از فهرست انتخاب کنید'] });
      const refused = refusal(type, owner, body.file);
      if (refused) throw invalid(refused);
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      const mime = sniffDocumentMime(bytes);
      if (!mime || !type.mimeTypes.includes(mime)) {
        const allowed = type.mimeTypes.map((m) => DOCUMENT_MIME_TITLES[m as DocumentMime] ?? m);
        throw invalid({
          file: [`محتوای پرونده از نوع‌های پذیرفته برای «${type.name}» (${allowed.join('، ')}) نیست`],
        });
      }
      const stored = await deps.files.put(db, bytes);
      const [doc] = await db
        .insert(documents)
        .values({
          ownerType: owner.type,
          ownerId: owner.id,
          documentTypeId: type.id,
          title: body.title,
          fileName: documentFileName((body.file as File).name, mime, 'document'),
          mime,
          size: stored.size,
          sha256: stored.sha256,
          uploadedBy: session?.user?.id ?? null,
          createdAt: deps.now(),
        })
        .returning();
      const [row] = await docRows(db, sql`d.id = ${doc!.id}`);
      return { id: doc!.id, after: auditFields(doc!, type.name), result: toItem(row!) };
    },
  },
  async remove(db, owner, id) {
    const [row] = await docRows(
      db,
      sql`d.id = ${id} AND d.owner_type = ${owner.type} AND d.owner_id = ${owner.id}`,
    );
    if (!row) return null;
    await db.delete(documents).where(and(eq(documents.id, row.id), eq(documents.ownerType, owner.type)));
    return { before: auditFields(row, row.type_name) };
  },
});

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
    const owner = OWNERS[row.owner_type];
    if (!owner) throw notFound(DOC_NOT_FOUND);
    if (!(await roleHolds(db, session, owner.view))) throw notFound(DOC_NOT_FOUND);
    await assertOwner(db, { type: row.owner_type, id: row.owner_id });
    return fileResponse(await deps.files.get(db, row.sha256), row, 'پرونده این مستند در بایگانی یافت نشد');
  },
});

export const documentRoutes: AnyRoute[] = [...documentTypeRoutes, ...ownerRoutes, download];
