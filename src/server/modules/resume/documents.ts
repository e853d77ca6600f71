import { and, count, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { positiveId } from '../../../contract/fields.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  MAX_RESUME_DOCUMENTS,
  RESUME_DOCUMENT_MIMES,
  resumeDocument,
} from '../../../contract/resume.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { guests, resumeDocuments } from '../../db/schema/index.ts';
import { contentDisposition, safeFileName, sniffMime } from '../../files/sniff.ts';
import type { AppDeps } from '../../http/deps.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { assertEditable, type DocumentRow, sessionGuest, toDocument } from './shape.ts';

/**
 * The applicant's documents: upload (multipart), delete, download. The content is checked by its
 * bytes against DOCUMENT_LIMITS and kept in the content-addressed store (server/files/store.ts),
 * put in the transaction that writes the document's row.
 */

const NOT_FOUND = 'مدرک یافت نشد';

const uploadBody = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'نوع مدرک را انتخاب کنید' }),
  file: z.custom<File>((v) => v instanceof Blob, { error: 'پرونده مدرک را برگزینید' }),
});

export const documentParams = z.object({ id: positiveId });

const mb = (bytes: number) => toPersianDigits(Math.round((bytes / 1024 / 1024) * 10) / 10);

/**
 * POST /api/person/resume/documents (guest; multipart `type`, `file`) → `ResumeDocument`.
 * The file's bytes must be JPEG or PNG (photo) or also PDF (other types), at most 1 MB (photo)
 * or 2 MB; at most 12 documents. A new `photo` replaces the previous one (the step-1 photo
 * follows it). 422 on `type` or `file` (Persian); 409 after submit.
 */
const upload = defineMutation({
  method: 'post',
  path: '/api/person/resume/documents',
  permission: 'guest',
  summary: 'Resume applicant: upload a document',
  tags: ['resume'],
  bodyType: 'form',
  body: uploadBody,
  response: resumeDocument,
  audit: { entity: 'resume_document', action: 'resume.document.upload' },
  // The file is checked before the transaction opens (its bytes read and sniffed, nothing written).
  async prepare({ db, session, body }) {
    assertEditable(await sessionGuest(db, session));
    const limits = DOCUMENT_LIMITS[body.type];
    if (body.file.size === 0) throw invalid({ file: ['پرونده خالی است'] });
    if (body.file.size > limits.maxBytes) {
      throw invalid({
        file: [`حجم ${DOCUMENT_TYPE_LABELS[body.type]} حداکثر ${mb(limits.maxBytes)} مگابایت است`],
      });
    }
    const bytes = new Uint8Array(await body.file.arrayBuffer());
    const mime = sniffMime(bytes);
    if (!mime || !limits.mimes.includes(mime)) {
      const allowed = limits.mimes.includes('application/pdf') ? 'JPEG، PNG یا PDF' : 'JPEG یا PNG';
      throw invalid({
        file: [`محتوای پرونده ${allowed} نیست؛ ${DOCUMENT_TYPE_LABELS[body.type]} باید ${allowed} باشد`],
      });
    }
    return { bytes, mime, fileName: safeFileName((body.file as File).name, mime, body.type) };
  },
  async handler({ db, deps, session, body, prepared }) {
    const { bytes, mime, fileName } = prepared;
    const now = deps.now();
    const g = await sessionGuest(db, session, true);
    assertEditable(g);
    const others = and(
      eq(resumeDocuments.guestId, g.id),
      body.type === 'photo' ? ne(resumeDocuments.type, 'photo') : undefined,
    );
    const [held] = await db.select({ n: count() }).from(resumeDocuments).where(others);
    if ((held?.n ?? 0) >= MAX_RESUME_DOCUMENTS) {
      throw invalid({
        file: [`حداکثر ${toPersianDigits(MAX_RESUME_DOCUMENTS)} مدرک می‌توان بارگذاری کرد؛ یکی را حذف کنید`],
      });
    }
    const stored = await deps.files.put(db, bytes);
    if (body.type === 'photo') {
      await db
        .delete(resumeDocuments)
        .where(and(eq(resumeDocuments.guestId, g.id), eq(resumeDocuments.type, 'photo')));
    }
    const [doc] = await db
      .insert(resumeDocuments)
      .values({
        guestId: g.id,
        type: body.type,
        fileName,
        mime,
        size: stored.size,
        sha256: stored.sha256,
        createdAt: now,
      })
      .returning();
    if (body.type === 'photo') {
      await db.update(guests).set({ photoDocumentId: doc!.id, updatedAt: now }).where(eq(guests.id, g.id));
    }
    return { id: doc!.id, after: doc, result: toDocument(doc!) };
  },
});

/** DELETE /api/person/resume/documents/:id (guest, own) → `{ deleted: true }`; 404 not own; 409 after submit. */
const remove = defineMutation({
  method: 'delete',
  path: '/api/person/resume/documents/:id{[0-9]+}',
  permission: 'guest',
  summary: 'Resume applicant: delete a document',
  tags: ['resume'],
  params: documentParams,
  response: deletedAnswer,
  audit: { entity: 'resume_document', action: 'resume.document.delete' },
  async handler({ db, deps, session, params }) {
    const g = await sessionGuest(db, session, true);
    assertEditable(g);
    const [doc] = await db
      .delete(resumeDocuments)
      .where(and(eq(resumeDocuments.id, params.id), eq(resumeDocuments.guestId, g.id)))
      .returning();
    if (!doc) throw notFound(NOT_FOUND);
    if (g.photoDocumentId === doc.id) {
      await db
        .update(guests)
        .set({ photoDocumentId: null, updatedAt: deps.now() })
        .where(eq(guests.id, g.id));
    }
    return { id: doc.id, before: doc, result: { deleted: true } };
  },
});

/** The document `id` of guest `guestId`, or 404. */
export async function ownedDocument(db: Db, guestId: number, id: number): Promise<DocumentRow> {
  const [doc] = await db
    .select()
    .from(resumeDocuments)
    .where(and(eq(resumeDocuments.id, id), eq(resumeDocuments.guestId, guestId)));
  if (!doc) throw notFound(NOT_FOUND);
  return doc;
}

/** The file of `doc` as a response: its type, length, a safe Content-Disposition, no caching by proxies. */
export async function documentResponse(deps: AppDeps, doc: DocumentRow): Promise<Response> {
  const bytes = await deps.files.get(deps.database.db, doc.sha256);
  if (!bytes) throw new HttpError(404, 'پرونده این مدرک در بایگانی یافت نشد');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': doc.mime,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(doc.fileName, doc.mime),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** GET /api/person/resume/documents/:id (guest, own) — the file; 404 when not the applicant's. */
const download = defineRoute({
  method: 'get',
  path: '/api/person/resume/documents/:id{[0-9]+}',
  permission: 'guest',
  summary: 'Resume applicant: download an own document',
  tags: ['resume'],
  params: documentParams,
  response: { file: RESUME_DOCUMENT_MIMES },
  async handler({ db, deps, session, params }) {
    const g = await sessionGuest(db, session);
    return documentResponse(deps, await ownedDocument(db, g.id, params.id));
  },
});

export const documentRoutes = [upload, remove, download];
