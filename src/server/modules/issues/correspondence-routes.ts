import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer } from '../../../contract/ids.ts';
import {
  ATTACHMENT_MIME_TITLES,
  ATTACHMENT_MIMES,
  type AttachmentMime,
  attachmentParams,
  attachmentUpload,
  type LetterAttachment,
  type LetterPrint,
  letterAttachment,
  letterOnlyParams,
  letterParams,
  letterPrint,
  MAX_ATTACHMENT_BYTES,
} from '../../../contract/issue-correspondence.ts';
import { issueEntity, issueLetter, issueParams, letterInput } from '../../../contract/issues.ts';
import { tehranTimestamp } from '../../../domain/jalali.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { issueLetterAttachments, issues } from '../../db/schema/index.ts';
import { fileResponse } from '../../files/sniff.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { attachmentFileName, sniffAttachmentMime } from './attachment-files.ts';
import { noticeLetterAdded } from './issue-notices.ts';
import { registerLetter } from './letters.ts';

/**
 * The files attached to an issue's letters and one letter as its A4 print reads it
 * (contract/issue-correspondence.ts). Attachments are stored as documents are: the row here, the
 * bytes in the content-addressed file store (`deps.files`, files/store.ts) put in the row's
 * transaction, so a rolled-back upload leaves neither. Uploads and deletes are `defineMutation`s:
 * one transaction with one audit row (entity `issue_letter_attachment`; `issue_id`, `letter_id`
 * and the letter's reference number in before/after). Every call needs `issues`.
 */

const ISSUE_NOT_FOUND = 'موضوع یافت نشد';
const LETTER_NOT_FOUND = 'نامه یافت نشد';
const ATTACHMENT_NOT_FOUND = 'پیوست یافت نشد';
const ENTITY = 'issue_letter_attachment';

const mb = (bytes: number) => toPersianDigits(Math.round((bytes / 1024 / 1024) * 10) / 10);
const fullName = (alias: string) =>
  sql.raw(`NULLIF(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

interface AttachmentRow {
  id: number;
  letter_id: number;
  issue_id: number;
  reference_number: string;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

/** The attachments matching `where` (over `a` attachments, `l` letters), by letter then oldest first. */
function attachmentRows(db: Db, where: ReturnType<typeof sql>) {
  return queryRows<AttachmentRow>(
    db,
    sql`SELECT a.id, a.letter_id, l.issue_id, l.reference_number, a.file_name, a.mime, a.size, a.sha256,
          u.id AS user_id, ${fullName('u')} AS user_name, ${isoTimestamp(sql.raw('a.created_at'))} AS created_at
        FROM issue_letter_attachments a
        JOIN issue_letters l ON l.id = a.letter_id
        LEFT JOIN users u ON u.id = a.uploaded_by
        WHERE ${where}
        ORDER BY l.letter_date, l.id, a.created_at, a.id`,
  );
}

const toAttachment = (r: AttachmentRow): LetterAttachment => ({
  id: r.id,
  letter_id: r.letter_id,
  file_name: r.file_name,
  mime: r.mime,
  size: r.size,
  uploaded_by: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
  created_at: r.created_at,
});

/** What an audit row keeps of an attachment (API names; the issue and letter it belongs to). */
const auditFields = (r: Omit<AttachmentRow, 'id' | 'user_id' | 'user_name' | 'created_at'>) => ({
  issue_id: r.issue_id,
  letter_id: r.letter_id,
  reference_number: r.reference_number,
  file_name: r.file_name,
  mime: r.mime,
  size: r.size,
  sha256: r.sha256,
});

/** The letter `letterId` of issue `issueId` (locked with `lock`, inside a transaction); 404 when either is missing. */
async function letterOf(db: Db, issueId: number, letterId: number, lock = false) {
  const [issue] = await queryRows<{ id: number }>(db, sql`SELECT id FROM issues WHERE id = ${issueId}`);
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  const [letter] = await queryRows<{ id: number; reference_number: string }>(
    db,
    sql`SELECT id, reference_number FROM issue_letters WHERE id = ${letterId} AND issue_id = ${issueId}
        ${sql.raw(lock ? 'FOR SHARE' : '')}`,
  );
  if (!letter) throw notFound(LETTER_NOT_FOUND);
  return letter;
}

/**
 * The type of an upload judged by its bytes; throws the 422 on `file` of one that is empty, over
 * MAX_ATTACHMENT_BYTES, or none of ATTACHMENT_MIMES.
 */
function judge(file: Blob, bytes: Uint8Array): AttachmentMime {
  if (file.size === 0) throw invalid({ file: ['پرونده خالی است'] });
  if (file.size > MAX_ATTACHMENT_BYTES)
    throw invalid({ file: [`حجم پیوست حداکثر ${mb(MAX_ATTACHMENT_BYTES)} مگابایت است`] });
  const mime = sniffAttachmentMime(bytes);
  if (!mime) {
    const allowed = ATTACHMENT_MIMES.map((m) => ATTACHMENT_MIME_TITLES[m]).join('، ');
    throw invalid({ file: [`محتوای پرونده از نوع‌های پذیرفته برای پیوست نامه (${allowed}) نیست`] });
  }
  return mime;
}

/** A letter's row joined with its issue (readLetterPrint). */
interface LetterPrintRow {
  id: number;
  direction: LetterPrint['direction'];
  reference_number: string;
  letter_date: string;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  created_by: string | null;
  issue_id: number;
  title: string;
  object_type: LetterPrint['issue']['object_type'];
  object_id: number;
  object: string;
}

/** One letter as its print reads it, or null. */
async function readLetterPrint(db: Db, letterId: number): Promise<LetterPrint | null> {
  const [row] = await queryRows<LetterPrintRow>(
    db,
    sql`SELECT l.id, l.direction, l.reference_number, l.letter_date::text AS letter_date, l.sender, l.recipient,
          l.subject, l.body, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
          ${fullName('u')} AS created_by, i.id AS issue_id, i.title, i.object_type, i.object_id,
          COALESCE(lp.name, tp.first_name || ' ' || tp.last_name, '') AS object
        FROM issue_letters l
        JOIN issues i ON i.id = l.issue_id
        LEFT JOIN users u ON u.id = l.created_by
        LEFT JOIN legal_persons lp ON i.object_type = 'legal_person' AND lp.id = i.object_id
        LEFT JOIN true_persons tp ON i.object_type = 'true_person' AND tp.id = i.object_id
        WHERE l.id = ${letterId}`,
  );
  if (!row) return null;
  const { issue_id, title, object_type, object_id, object, ...letter } = row;
  const attachments = (await attachmentRows(db, sql`a.letter_id = ${letterId}`)).map(toAttachment);
  return { ...letter, issue: { id: issue_id, title, object_type, object_id, object }, attachments };
}

/** The routes of an issue's letters, their attachments and a letter's print (each documented below). */
export const correspondenceRoutes: AnyRoute[] = [
  /**
   * POST /api/issues/:id/letters (`issues`) — `letterInput` → `IssueLetter`: the letter in or out,
   * numbered with the next reference number of its series (the Jalali year of today and its
   * direction; gapless and unique under concurrency: ./letters.ts). 404; 422 per field. The
   * issue's followers, less the author, are told (`issue.letter_added`) in the same transaction.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/:id{[0-9]+}/letters',
    permission: issueEntity.permissions.update!,
    summary: 'Register a letter of an issue with its reference number',
    tags: ['issues'],
    params: issueParams,
    body: letterInput,
    response: issueLetter,
    audit: { entity: 'issue_letter', action: 'create' },
    async handler({ db, params, body, session, deps }) {
      const [stored] = await db.select({ id: issues.id }).from(issues).where(eq(issues.id, params.id));
      if (!stored) throw notFound(ISSUE_NOT_FOUND);
      const now = deps.now ? deps.now() : new Date();
      const row = await registerLetter(
        db,
        {
          issueId: params.id,
          direction: body.direction,
          letterDate: body.letter_date,
          sender: body.sender,
          recipient: body.recipient,
          subject: body.subject,
          body: body.body,
          createdBy: session?.user?.id ?? null,
        },
        tehranTimestamp(now).slice(0, 10),
      );
      await noticeLetterAdded(
        db,
        deps.jobs,
        params.id,
        {
          referenceNumber: row.referenceNumber,
          subject: row.subject,
          direction: row.direction as 'in' | 'out',
        },
        session?.user?.id ?? null,
      );
      const result = {
        id: row.id,
        direction: row.direction as 'in' | 'out',
        reference_number: row.referenceNumber,
        letter_date: row.letterDate,
        sender: row.sender,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        created_at: row.createdAt.toISOString(),
      };
      return { id: row.id, after: result, result };
    },
  }),
  /**
   * GET /api/issues/:id/attachments (`issues`) — `LetterAttachment[]`: the files of every letter of
   * the issue, by letter (its date, then its id) and oldest first within one; 404 «موضوع یافت نشد».
   */
  defineRoute({
    method: 'get',
    path: '/api/issues/:id{[0-9]+}/attachments',
    permission: 'issues',
    summary: "The files attached to an issue's letters",
    tags: ['issues'],
    params: issueParams,
    response: z.array(letterAttachment),
    async handler({ db, params }) {
      const [issue] = await queryRows(db, sql`SELECT id FROM issues WHERE id = ${params.id}`);
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      return (await attachmentRows(db, sql`l.issue_id = ${params.id}`)).map(toAttachment);
    },
  }),
  /**
   * GET /api/issues/letters/:letterId (`issues`) — `LetterPrint`: the letter (reference number,
   * ISO date, sender, recipient, subject, body, who registered it), the issue it belongs to (id,
   * title, the person's type, id and name) and its attachments; 404 «نامه یافت نشد».
   */
  defineRoute({
    method: 'get',
    path: '/api/issues/letters/:letterId{[0-9]+}',
    permission: 'issues',
    summary: 'One letter with its issue and attachments (its A4 print)',
    tags: ['issues'],
    params: letterOnlyParams,
    response: letterPrint,
    async handler({ db, params }) {
      const found = await readLetterPrint(db, params.letterId);
      if (!found) throw notFound(LETTER_NOT_FOUND);
      return found;
    },
  }),
  /**
   * POST /api/issues/:id/letters/:letterId/attachments (`issues`) — multipart `file` →
   * `LetterAttachment`, uploaded by the caller. The type is judged by the bytes (PDF, JPEG, PNG,
   * xlsx, docx), never the name or the claimed type. 404 no such issue, or no such letter of it;
   * 422 on `file` (Persian): none, empty, over 15 MB, or bytes of another type.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/:id{[0-9]+}/letters/:letterId{[0-9]+}/attachments',
    permission: 'issues',
    summary: 'Attach a file to a letter of an issue',
    tags: ['issues'],
    params: letterParams,
    bodyType: 'form',
    body: attachmentUpload,
    response: letterAttachment,
    audit: { entity: ENTITY, action: 'create' },
    // The letter went (its issue deleted) between the check and the insert.
    onForeignKey: () => notFound(LETTER_NOT_FOUND),
    async handler({ db, deps, params, body, session }) {
      const letter = await letterOf(db, params.id, params.letterId, true);
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      const mime = judge(body.file, bytes);
      const stored = await deps.files.put(db, bytes);
      const [row] = await db
        .insert(issueLetterAttachments)
        .values({
          letterId: letter.id,
          fileName: attachmentFileName((body.file as File).name, mime),
          mime,
          size: stored.size,
          sha256: stored.sha256,
          uploadedBy: session?.user?.id ?? null,
          createdAt: deps.now(),
        })
        .returning();
      const [saved] = await attachmentRows(db, sql`a.id = ${row!.id}`);
      return { id: row!.id, after: auditFields(saved!), result: toAttachment(saved!) };
    },
  }),
  /**
   * GET /api/issues/:id/letters/:letterId/attachments/:attachmentId (`issues`) — the file with its
   * stored type and length, a Content-Disposition carrying the UTF-8 name (RFC 6266/5987; inline
   * for images, attachment otherwise), not cached. 404 when the issue, the letter of it, the
   * attachment of that letter or its bytes are missing.
   */
  defineRoute({
    method: 'get',
    path: '/api/issues/:id{[0-9]+}/letters/:letterId{[0-9]+}/attachments/:attachmentId{[0-9]+}',
    permission: 'issues',
    summary: "Download a letter's attachment",
    tags: ['issues'],
    params: attachmentParams,
    response: { file: [...ATTACHMENT_MIMES] },
    async handler({ db, deps, params }) {
      const [row] = await attachmentRows(
        db,
        sql`a.id = ${params.attachmentId} AND a.letter_id = ${params.letterId} AND l.issue_id = ${params.id}`,
      );
      if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
      return fileResponse(await deps.files.get(db, row.sha256), row, 'پروندهٔ این پیوست در بایگانی یافت نشد');
    },
  }),
  /**
   * DELETE /api/issues/:id/letters/:letterId/attachments/:attachmentId (`issues`) →
   * `{ deleted: true }`; 404 as the download. The bytes stay in the store until its sweep finds
   * no row naming them (files/store.ts).
   */
  defineMutation({
    method: 'delete',
    path: '/api/issues/:id{[0-9]+}/letters/:letterId{[0-9]+}/attachments/:attachmentId{[0-9]+}',
    permission: 'issues',
    summary: "Remove a letter's attachment",
    tags: ['issues'],
    params: attachmentParams,
    response: deletedAnswer,
    audit: { entity: ENTITY, action: 'delete' },
    async handler({ db, params }) {
      const [row] = await attachmentRows(
        db,
        sql`a.id = ${params.attachmentId} AND a.letter_id = ${params.letterId} AND l.issue_id = ${params.id}`,
      );
      if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
      const gone = await db
        .delete(issueLetterAttachments)
        .where(and(eq(issueLetterAttachments.id, row.id), eq(issueLetterAttachments.letterId, row.letter_id)))
        .returning({ id: issueLetterAttachments.id });
      // Deleted by another call meanwhile.
      if (!gone.length) throw notFound(ATTACHMENT_NOT_FOUND);
      return { id: row.id, before: auditFields(row), result: { deleted: true as const } };
    },
  }),
];
