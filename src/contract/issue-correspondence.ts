import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from './documents.ts';
import { positiveId } from './ids.ts';
import { ISSUE_OBJECT_TYPES, issueLetter } from './issues.ts';
import { exportQuerySchema } from './person-transfer.ts';

/**
 * An issue's official correspondence beyond the letter itself (issue 18): the files attached to a
 * letter, stored as documents are (metadata in `issue_letter_attachments`, bytes in the
 * content-addressed file store; the type judged by the bytes, never by the name or the browser's
 * claim), one letter with what its A4 print needs, and the issues list as a spreadsheet. Sizes in
 * bytes; timestamps ISO 8601 UTC; `letter_date` an ISO day (shown in Jalali). Every call needs
 * `issues`.
 *
 * Calls:
 * - GET    /api/issues/:id/attachments                     → `LetterAttachment[]`, the files of
 *          every letter of the issue, by letter then oldest first; 404 no such issue.
 * - GET    /api/issues/letters/:letterId                   → `LetterPrint`: the letter, its issue
 *          and its attachments; 404 no such letter.
 * - POST   /api/issues/:id/letters/:letterId/attachments   multipart `file` → `LetterAttachment`;
 *          404 no such issue or letter of it; 422 on `file` (none, empty, over
 *          MAX_ATTACHMENT_BYTES, bytes that are none of ATTACHMENT_MIMES).
 * - GET    /api/issues/:id/letters/:letterId/attachments/:attachmentId → the bytes, with their
 *          stored type and an RFC 5987 file name; 404.
 * - DELETE /api/issues/:id/letters/:letterId/attachments/:attachmentId → `{ deleted: true }`; 404.
 * - GET    /api/issues/export   `issueExportQuery` → the list (its filters and sort) as a streamed
 *          xlsx (or csv) file, «موضوعات <Jalali date>.xlsx»; 422 on a bad filter or sort.
 */

/** The types a letter's attachment may be, each recognised by its bytes on the server. */
export const ATTACHMENT_MIMES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** One of ATTACHMENT_MIMES. */
export type AttachmentMime = (typeof ATTACHMENT_MIMES)[number];
/** How each type is named to people (the upload's hint, a refusal's message). */
export const ATTACHMENT_MIME_TITLES: Readonly<Record<AttachmentMime, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (docx)',
};

/** The largest attachment: 15 MB, the documents' limit (the multipart request stays under the API's 16 MB). */
export const MAX_ATTACHMENT_BYTES = MAX_DOCUMENT_BYTES;

/** Multipart body of an upload: one file. */
export const attachmentUpload = z.object({
  file: z.custom<File>((v) => typeof Blob !== 'undefined' && v instanceof Blob, {
    error: 'یک پرونده برای پیوست برگزینید',
  }),
});

/** A file attached to a letter, as the API answers it. */
export const letterAttachment = z.object({
  id: z.number().int(),
  letter_id: z.number().int(),
  file_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type LetterAttachment = z.infer<typeof letterAttachment>;

/** GET /api/issues/letters/:letterId: the letter with its issue and attachments (the A4 print). */
export const letterPrint = issueLetter.extend({
  /** who registered it (first and last name), when known */
  created_by: z.string().nullable(),
  issue: z.object({
    id: z.number().int(),
    title: z.string(),
    object_type: z.enum(ISSUE_OBJECT_TYPES),
    object_id: z.number().int(),
    /** the person's name */
    object: z.string(),
  }),
  attachments: z.array(letterAttachment),
});
export type LetterPrint = z.infer<typeof letterPrint>;

/** `:id` of an issue and `:letterId` of one of its letters. */
export const letterParams = z.object({ id: positiveId, letterId: positiveId });
/** `:letterId` alone (the print). */
export const letterOnlyParams = z.object({ letterId: positiveId });
/** One attachment of a letter of an issue. */
export const attachmentParams = letterParams.extend({ attachmentId: positiveId });

/**
 * GET /api/issues/export: the list's own query (q, advanceFilter, plain filters, `issue_type[]`,
 * sortBy, descending) plus `format` (xlsx | csv, default xlsx) and `ids` (only those rows, at most
 * 5,000), as the persons' exports take it.
 */
export const issueExportQuery = exportQuerySchema;
