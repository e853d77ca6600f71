import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { positiveId } from '../../../contract/fields.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import {
  ncodeParams,
  RESUME_DOCUMENT_MIMES,
  resumeDetailAnswer,
  resumeRow,
  reviewAnswer,
  reviewInput,
} from '../../../contract/resume.ts';
import type { Db } from '../../db/client.ts';
import { guests } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { documentResponse, ownedDocument } from './documents.ts';
import { type GuestRow, resumeDetail } from './shape.ts';

/** Staff work on submitted resumes (`resumes`): the list, one resume, its documents, the review. */

const r = (text: string) => sql.raw(text);

/**
 * The submitted resumes list; row shape `ResumeRow`. Every sort and filter is a plain column of
 * `guests` (kept current when steps are saved), each sort served by an index on (column, id).
 */
export const resumesList: ListSpec = {
  select: sql`g.id, g.national_code, g.first_name, g.last_name, g.mobile, g.gender,
    g.education_level, g.education_field AS field, g.experience_years::float8 AS experience_years,
    g.board_seats::int AS board_seats, ${isoTimestamp(r('g.submitted_at'))} AS submitted_at,
    g.review_status, g.review_note, g.is_demo`,
  from: r('guests g'),
  id: r('g.id'),
  search: r('g.search_text'),
  where: r('g.submitted_at IS NOT NULL'),
  sorts: {
    submitted_at: { expr: r('g.submitted_at'), type: 'timestamp' },
    last_name: { expr: r('g.last_name'), type: 'text' },
    experience_years: { expr: r('g.experience_years'), type: 'numeric' },
    board_seats: { expr: r('g.board_seats'), type: 'int' },
    education_rank: { expr: r('g.education_rank'), type: 'int', nullable: true },
  },
  defaultSort: 'submitted_at',
  defaultDescending: true,
  filters: {
    national_code: { expr: r('g.national_code'), type: 'text' },
    education_level: { expr: r('g.education_level'), type: 'text' },
    field: { expr: r('g.education_field'), type: 'text' },
    experience_years: { expr: r('g.experience_years'), type: 'numeric' },
    board_seats: { expr: r('g.board_seats'), type: 'int' },
    submitted_at: { expr: r('g.submitted_at'), type: 'timestamp' },
    review_status: { expr: r('g.review_status'), type: 'text' },
    gender: { expr: r('g.gender'), type: 'text' },
    is_demo: { expr: r('g.is_demo'), type: 'bool' },
  },
};

/**
 * GET /api/person/resume/list (`resumes`) — `ListPage<ResumeRow>` of submitted resumes. sortBy
 * submitted_at (default, newest first) | last_name | experience_years | board_seats |
 * education_rank; filters national_code, education_level (highest degree), field (contains via
 * advanceFilter), experience_years and board_seats (gte/lte), submitted_at (timestamp range),
 * review_status, gender, is_demo; q on the name and national code.
 */
const list = defineRoute({
  method: 'get',
  path: '/api/person/resume/list',
  permission: 'resumes',
  summary: 'Submitted resumes: paged, sorted, filtered list',
  tags: ['resume'],
  query: listQuerySchema,
  response: listPageOf(resumeRow),
  handler: ({ db, query }) => listPage(db, resumesList, query),
});

const NO_RESUME = 'رزومه‌ای با این کد ملی یافت نشد';

async function submittedByCode(db: Db, ncode: string): Promise<GuestRow> {
  const [g] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.nationalCode, ncode), isNotNull(guests.submittedAt)));
  if (!g) throw notFound(NO_RESUME);
  return g;
}

/** GET /api/person/resume/view/:ncode (`resumes`) — `ResumeDetail` with `review`; 404 «رزومه‌ای با این کد ملی یافت نشد» unless submitted. */
const view = defineRoute({
  method: 'get',
  path: '/api/person/resume/view/:ncode',
  permission: 'resumes',
  summary: 'One submitted resume with its review',
  tags: ['resume'],
  params: ncodeParams,
  response: resumeDetailAnswer,
  async handler({ db, params }) {
    return resumeDetail(db, await submittedByCode(db, params.ncode), true);
  },
});

/** GET /api/person/resume/view/:ncode/documents/:id (`resumes`) — the document's file; 404 when not that resume's. */
const viewDocument = defineRoute({
  method: 'get',
  path: '/api/person/resume/view/:ncode/documents/:id{[0-9]+}',
  permission: 'resumes',
  summary: 'A document of a submitted resume',
  tags: ['resume'],
  params: ncodeParams.extend({ id: positiveId }),
  response: { file: RESUME_DOCUMENT_MIMES },
  async handler({ db, deps, params }) {
    const g = await submittedByCode(db, params.ncode);
    return documentResponse(deps, await ownedDocument(db, g.id, params.id));
  },
});

/**
 * POST /api/person/resume/review (`resumes`) — `{ ids, status, note? }` → `{ updated }`: sets the
 * review of 1..500 submitted resumes (ids = `ResumeRow.id`) in one transaction, one audit row per
 * resume (`resume.review`, before/after status and note). 422 on `ids` when any id is not a
 * submitted resume (nothing changed).
 */
const review = defineMutation({
  method: 'post',
  path: '/api/person/resume/review',
  permission: 'resumes',
  summary: 'Set the review status of submitted resumes',
  tags: ['resume'],
  body: reviewInput,
  response: reviewAnswer,
  async handler({ db, deps, session, body }) {
    const ids = [...new Set(body.ids)];
    const now = deps.now();
    const rows = await db
      .select({ id: guests.id, status: guests.reviewStatus, note: guests.reviewNote })
      .from(guests)
      .where(and(inArray(guests.id, ids), isNotNull(guests.submittedAt)))
      .for('update');
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((x) => x.id));
      const missing = ids.filter((id) => !found.has(id));
      throw invalid(
        { ids: [`این شناسه‌ها رزومه ارسال‌شده نیستند: ${missing.join('، ')}`] },
        'برخی از رزومه‌های برگزیده یافت نشدند؛ هیچ تغییری ذخیره نشد',
      );
    }
    await db
      .update(guests)
      .set({
        reviewStatus: body.status,
        reviewNote: body.note,
        reviewedAt: now,
        reviewedBy: session?.user?.id ?? null,
      })
      .where(inArray(guests.id, ids));
    const after = { review_status: body.status, review_note: body.note };
    return {
      audits: rows.map((row) => ({
        action: 'resume.review',
        entity: 'resume',
        entityId: row.id,
        before: { review_status: row.status, review_note: row.note },
        after,
      })),
      result: { updated: rows.length },
    };
  },
});

export const staffRoutes = [list, view, viewDocument, review];
