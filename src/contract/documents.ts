import { z } from 'zod';
import { defineEntity } from './entity.ts';
import { persianText, pickedId, positiveId } from './fields.ts';
import { OWNER_TYPES, ownedBy } from './owners.ts';

/**
 * Documents (مستند) of a legal or true person and the managed list of document types. Files are
 * uploaded as multipart; their type is judged by their bytes on the server (never the name or
 * the browser's claim) against the document type's `mime_types`, their size (bytes) against its
 * `max_bytes`. Timestamps ISO 8601 UTC; sizes in bytes.
 *
 * Calls:
 * - GET    /api/person/legal-persons/:id/documents   (person.legal.view) → `DocumentItem[]`, newest first.
 * - POST   /api/person/legal-persons/:id/documents   (person.legal.edit) multipart `document_type_id`,
 *          `title`, `file` → `DocumentItem`; 404 owner missing or deleted; 422 per field.
 * - DELETE /api/person/legal-persons/:id/documents/:documentId (person.legal.edit) → `{ deleted: true }`.
 * - the same three under /api/person/true-persons/:id/… (person.true.view / person.true.edit).
 * - GET    /api/documents/:id/file (the owner's view permission) → the bytes, RFC 5987 file name.
 * - GET    /api/document-types (any role; `?owner_type=legal|true`) → `DocumentType[]` by name.
 * - POST   /api/document-types, PUT /api/document-types/:id (management.system) `documentTypeInput`
 *          → `DocumentType`; DELETE /api/document-types/:id → `{ deleted: true }`, 409 when in use.
 */

/** Who owns a document: a legal person or a true person (contract/owners.ts). */
export { OWNER_TYPE_TITLES, OWNER_TYPES, type OwnerType } from './owners.ts';

/** MIME types a document type may accept; the server recognises each by its bytes. */
export const DOCUMENT_MIMES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type DocumentMime = (typeof DOCUMENT_MIMES)[number];
export const DOCUMENT_MIME_TITLES: Record<DocumentMime, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
};

/**
 * The largest file any document type may allow: 15 MB, so that the multipart request stays under
 * the API's 16 MB body limit (MAX_BODY_BYTES in server/app.ts, answered 413 above it).
 */
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;

/** Query of GET /api/document-types. */
export const documentTypesQuery = z.looseObject({
  owner_type: z.enum(OWNER_TYPES, { error: 'نوع دارنده نامعتبر است' }).optional(),
});

/** Multipart body of an upload. */
export const documentUpload = z.object({
  document_type_id: pickedId('نوع مستند را انتخاب کنید'),
  title: persianText('عنوان مستند', 200),
  file: z.custom<File>((v) => typeof Blob !== 'undefined' && v instanceof Blob, {
    error: 'پرونده را برگزینید',
  }),
});

const idName = z.object({ id: z.number().int(), name: z.string() });

/**
 * A document: a sub-record of a legal or a true person, in the section «مستندات» of its page. Its
 * upload (multipart, judged by its bytes) and download are the document's own code.
 */
export const documentEntity = defineEntity({
  name: 'document',
  ...ownedBy({ kinds: ['legal', 'true'], segment: 'documents', param: 'documentId' }),
  title: 'مستند',
  plural: 'مستندات',
  id: 'id',
  display: 'title',
  defaultSort: 'created_at',
  defaultDescending: true,
  fields: {
    id: { type: 'int', label: 'شناسه' },
    title: { type: 'text', label: 'عنوان', max: 200, column: { width: 240, grow: true } },
    document_type: { type: 'text', label: 'نوع مستند', column: { width: 176, header: 'نوع' } },
    file_name: { type: 'text', label: 'پرونده', column: { width: 240, grow: true } },
    size: { type: 'int', label: 'حجم', column: { width: 112 } },
    uploaded_by: { type: 'text', label: 'بارگذاری‌کننده', nullable: true, column: { width: 144 } },
    created_at: { type: 'timestamp', label: 'تاریخ', column: { width: 112 } },
  },
});

/** A document as the API answers it. */
export const documentItem = z.object({
  id: z.number().int(),
  owner_type: z.enum(OWNER_TYPES),
  owner_id: z.number().int(),
  document_type: idName,
  title: z.string(),
  file_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploaded_by: idName.nullable(),
  created_at: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** `:id` of an owner or of a document type / document. */
export const ownerParams = z.object({ id: positiveId });
export const ownedDocumentParams = z.object({ id: positiveId, documentId: positiveId });
