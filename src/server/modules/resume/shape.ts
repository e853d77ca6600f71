import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  Guest,
  ResumeDetail,
  ResumeDocument,
  ResumeStep,
  ReviewStatus,
  TermKind,
} from '../../../contract/resume.ts';
import type { Db } from '../../db/client.ts';
import {
  cities,
  guests,
  provinces,
  resumeDocuments,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
  users,
} from '../../db/schema/index.ts';
import { conflict, HttpError, unauthorized } from '../../http/errors.ts';
import type { SessionInfo } from '../../http/route.ts';

/** Answer shapes of the resume module (contract/resume.ts) built from rows. */

export type GuestRow = typeof guests.$inferSelect;
export type DocumentRow = typeof resumeDocuments.$inferSelect;

export const SUBMITTED_MESSAGE = 'رزومه ارسال شده است و دیگر ویرایش نمی‌شود';
export const EARLIER_STEPS_MESSAGE = 'ابتدا مراحل پیشین را کامل کنید';

export const toGuest = (g: GuestRow): Guest => ({
  id: g.id,
  national_code: g.nationalCode,
  mobile: g.mobile,
  step: g.step as ResumeStep,
  completed_step: g.completedStep,
  submitted_at: g.submittedAt ? g.submittedAt.toISOString() : null,
});

export const toDocument = (d: DocumentRow): ResumeDocument => ({
  id: d.id,
  type: d.type as ResumeDocument['type'],
  file_name: d.fileName,
  mime: d.mime,
  size: d.size,
  sha256: d.sha256,
  created_at: d.createdAt.toISOString(),
});

/** The guest of the session (read inside `db`, locked FOR UPDATE when `lock`); 401 if gone. */
export async function sessionGuest(db: Db, session: SessionInfo | null, lock = false): Promise<GuestRow> {
  const id = session?.guestId;
  const q = db
    .select()
    .from(guests)
    .where(eq(guests.id, id ?? 0));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw unauthorized('نشست متقاضی معتبر نیست؛ دوباره شماره همراه را تأیید کنید');
  return row;
}

/** 409 once the resume is submitted. */
export function assertEditable(g: GuestRow): void {
  if (g.submittedAt) throw conflict(SUBMITTED_MESSAGE);
}

/** 422 on `step` when `step` is beyond `completed_step + 1`. */
export function assertReachable(g: GuestRow, step: number): void {
  if (step > g.completedStep + 1) {
    throw new HttpError(422, EARLIER_STEPS_MESSAGE, { step: [EARLIER_STEPS_MESSAGE] });
  }
}

/** The whole resume of guest `g`; `withReview` adds the staff review (null for the guest). */
export async function resumeDetail(db: Db, g: GuestRow, withReview: boolean): Promise<ResumeDetail> {
  const submitted = g.submittedAt != null;
  const [city, educations, experiences, provisions, terms, documents, reviewer] = await Promise.all([
    g.birthCityId
      ? db
          .select({ id: cities.id, name: cities.name, province: provinces.name })
          .from(cities)
          .innerJoin(provinces, eq(provinces.id, cities.provinceId))
          .where(eq(cities.id, g.birthCityId))
      : Promise.resolve([]),
    db
      .select()
      .from(resumeEducations)
      .where(eq(resumeEducations.guestId, g.id))
      .orderBy(asc(resumeEducations.sort), asc(resumeEducations.id)),
    db
      .select()
      .from(resumeExperiences)
      .where(eq(resumeExperiences.guestId, g.id))
      .orderBy(asc(resumeExperiences.sort), asc(resumeExperiences.id)),
    db
      .select({
        id: resumeProvisions.id,
        title: resumeProvisions.title,
        body: resumeProvisions.body,
        accepted: sql<boolean>`${resumeProvisionAcceptances.guestId} IS NOT NULL`,
      })
      .from(resumeProvisions)
      .leftJoin(
        resumeProvisionAcceptances,
        and(
          eq(resumeProvisionAcceptances.provisionId, resumeProvisions.id),
          eq(resumeProvisionAcceptances.guestId, g.id),
        ),
      )
      .where(
        submitted
          ? or(eq(resumeProvisions.active, true), sql`${resumeProvisionAcceptances.guestId} IS NOT NULL`)
          : eq(resumeProvisions.active, true),
      )
      .orderBy(asc(resumeProvisions.sort), asc(resumeProvisions.id)),
    db
      .select({
        id: resumeTerms.id,
        question: resumeTerms.question,
        kind: resumeTerms.kind,
        required: resumeTerms.required,
        answer: resumeTermAnswers.answer,
        answered: sql<boolean>`${resumeTermAnswers.guestId} IS NOT NULL`,
      })
      .from(resumeTerms)
      .leftJoin(
        resumeTermAnswers,
        and(eq(resumeTermAnswers.termId, resumeTerms.id), eq(resumeTermAnswers.guestId, g.id)),
      )
      .where(
        submitted
          ? or(eq(resumeTerms.active, true), sql`${resumeTermAnswers.guestId} IS NOT NULL`)
          : eq(resumeTerms.active, true),
      )
      .orderBy(asc(resumeTerms.sort), asc(resumeTerms.id)),
    db
      .select()
      .from(resumeDocuments)
      .where(eq(resumeDocuments.guestId, g.id))
      .orderBy(asc(resumeDocuments.id)),
    withReview && g.reviewedBy
      ? db
          .select({ first: users.firstName, last: users.lastName })
          .from(users)
          .where(inArray(users.id, [g.reviewedBy]))
      : Promise.resolve([]),
  ]);
  const docs = documents.map(toDocument);
  const personal =
    g.firstName && g.lastName && g.birthDate && city[0]
      ? {
          first_name: g.firstName,
          last_name: g.lastName,
          father_name: g.fatherName ?? '',
          birth_date: g.birthDate,
          birth_city: city[0],
          gender: (g.gender ?? 'male') as 'male' | 'female',
          email: g.email,
          address: g.address ?? '',
        }
      : null;
  return {
    guest: toGuest(g),
    personal,
    photo: docs.find((d) => d.id === g.photoDocumentId) ?? null,
    educations: educations.map((e) => ({
      id: e.id,
      level: e.level as ResumeDetail['educations'][number]['level'],
      field: e.field,
      university: e.university,
      graduation_date: e.graduationDate,
    })),
    experiences: experiences.map((e) => ({
      id: e.id,
      organization: e.organization,
      post: e.post,
      from_date: e.fromDate,
      to_date: e.toDate,
      is_current: e.isCurrent,
      board_seat: e.boardSeat,
      leaving_reason: e.leavingReason,
    })),
    provisions: provisions.map((p) => ({ ...p, accepted: p.accepted === true })),
    terms: terms.map((t) => ({
      id: t.id,
      question: t.question,
      kind: t.kind as TermKind,
      required: t.required,
      answer: t.answered ? t.answer : null,
    })),
    documents: docs,
    review: withReview
      ? {
          status: g.reviewStatus as ReviewStatus,
          note: g.reviewNote,
          reviewed_at: g.reviewedAt ? g.reviewedAt.toISOString() : null,
          reviewed_by: reviewer[0] ? `${reviewer[0].first} ${reviewer[0].last}`.trim() : null,
        }
      : null,
  };
}
