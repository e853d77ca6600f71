import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EDUCATION_LEVELS,
  type educationStep,
  type experienceStep,
  type personalStep,
  type provisionsStep,
  type termsStep,
} from '../../../contract/resume.ts';
import { isoOfDate, yearsBetween } from '../../../domain/jalali.ts';
import { searchKey } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import {
  cities,
  guests,
  resumeDocuments,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
} from '../../db/schema/index.ts';
import { type FieldErrors, invalid } from '../../http/errors.ts';
import type { GuestRow } from './shape.ts';

/**
 * Saving one step: the checks the step's schema cannot make (they need the database or the
 * clock), then the replacement of that step's data. Called inside the step's transaction; a
 * failed check throws 422 before anything is written.
 */

type Out<S extends z.ZodType> = z.output<S>;

const DAY_MS = 86_400_000;
const NOT_FUTURE = 'این تاریخ نباید پس از امروز باشد';

/** Rank of an education level: diploma 1 .. doctorate 5. */
export const educationRank = (level: string) => EDUCATION_LEVELS.indexOf(level as never) + 1;

function fail(errors: FieldErrors): never {
  throw invalid(errors, Object.values(errors)[0]?.[0] ?? 'اطلاعات واردشده معتبر نیست');
}

/** Step 1: photo uploaded, birth city exists, age 18..90; saves the personal columns. */
export async function savePersonal(tx: Db, g: GuestRow, v: Out<typeof personalStep>, now: Date) {
  const errors: FieldErrors = {};
  const [photo] = await tx
    .select({ id: resumeDocuments.id })
    .from(resumeDocuments)
    .where(and(eq(resumeDocuments.guestId, g.id), eq(resumeDocuments.type, 'photo')));
  if (!photo) errors.photo = ['عکس خود را بارگذاری کنید'];
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, v.birth_city_id));
  if (!city) errors.birth_city_id = ['شهر محل تولد را از فهرست انتخاب کنید'];
  const age = yearsBetween(v.birth_date, isoOfDate(now));
  if (age < 18 || age > 90) errors.birth_date = ['سن متقاضی باید بین ۱۸ تا ۹۰ سال باشد'];
  if (Object.keys(errors).length) fail(errors);
  await tx
    .update(guests)
    .set({
      firstName: v.first_name,
      lastName: v.last_name,
      fatherName: v.father_name,
      birthDate: v.birth_date,
      birthCityId: v.birth_city_id,
      gender: v.gender,
      email: v.email,
      address: v.address,
      photoDocumentId: photo!.id,
      searchText: `${searchKey(`${v.first_name} ${v.last_name}`)} ${g.nationalCode}`,
    })
    .where(eq(guests.id, g.id));
}

/** Step 2: graduation dates not in the future; replaces the degrees and the highest-degree columns. */
export async function saveEducations(tx: Db, g: GuestRow, v: Out<typeof educationStep>, now: Date) {
  const today = isoOfDate(now);
  const errors: FieldErrors = {};
  v.educations.forEach((e, i) => {
    if (e.graduation_date > today) errors[`educations.${i}.graduation_date`] = [NOT_FUTURE];
  });
  if (Object.keys(errors).length) fail(errors);
  await tx.delete(resumeEducations).where(eq(resumeEducations.guestId, g.id));
  await tx.insert(resumeEducations).values(
    v.educations.map((e, i) => ({
      guestId: g.id,
      level: e.level,
      field: e.field,
      university: e.university,
      graduationDate: e.graduation_date,
      sort: i,
    })),
  );
  const top = [...v.educations].sort((a, b) => educationRank(b.level) - educationRank(a.level))[0]!;
  await tx
    .update(guests)
    .set({ educationLevel: top.level, educationRank: educationRank(top.level), educationField: top.field })
    .where(eq(guests.id, g.id));
}

/** Years of experience: the posts' spans summed (current posts up to `today`), one decimal. */
export function experienceYears(posts: { fromDate: string; toDate: string | null }[], today: string): string {
  let days = 0;
  for (const p of posts) {
    const end = Date.parse(p.toDate ?? today);
    days += Math.max(0, (end - Date.parse(p.fromDate)) / DAY_MS);
  }
  return (Math.round((days / 365.25) * 10) / 10).toFixed(1);
}

/** Step 3: dates not in the future; replaces the posts, experience years and board seats. */
export async function saveExperiences(tx: Db, g: GuestRow, v: Out<typeof experienceStep>, now: Date) {
  const today = isoOfDate(now);
  const errors: FieldErrors = {};
  v.experiences.forEach((e, i) => {
    if (e.from_date > today) errors[`experiences.${i}.from_date`] = [NOT_FUTURE];
    if (e.to_date && e.to_date > today) errors[`experiences.${i}.to_date`] = [NOT_FUTURE];
  });
  if (Object.keys(errors).length) fail(errors);
  const rows = v.experiences.map((e, i) => ({
    guestId: g.id,
    organization: e.organization,
    post: e.post,
    fromDate: e.from_date,
    toDate: e.is_current ? null : e.to_date,
    isCurrent: e.is_current,
    boardSeat: e.board_seat,
    leavingReason: e.is_current ? null : e.leaving_reason,
    sort: i,
  }));
  await tx.delete(resumeExperiences).where(eq(resumeExperiences.guestId, g.id));
  if (rows.length) await tx.insert(resumeExperiences).values(rows);
  await tx
    .update(guests)
    .set({
      experienceYears: experienceYears(rows, today),
      boardSeats: rows.filter((r) => r.boardSeat).length,
    })
    .where(eq(guests.id, g.id));
}

/** Step 4: every active provision accepted, and only active ones; replaces the acceptances. */
export async function saveProvisions(tx: Db, g: GuestRow, v: Out<typeof provisionsStep>, now: Date) {
  const active = await tx
    .select({ id: resumeProvisions.id })
    .from(resumeProvisions)
    .where(eq(resumeProvisions.active, true));
  const activeIds = new Set(active.map((p) => p.id));
  const accepted = new Set(v.accepted);
  if ([...accepted].some((id) => !activeIds.has(id))) {
    fail({ accepted: ['یکی از بندهای پذیرفته‌شده در تعهدنامه وجود ندارد؛ صفحه را دوباره بارگذاری کنید'] });
  }
  if ([...activeIds].some((id) => !accepted.has(id))) {
    fail({ accepted: ['برای ادامه باید همه بندهای تعهدنامه را بپذیرید'] });
  }
  await tx.delete(resumeProvisionAcceptances).where(eq(resumeProvisionAcceptances.guestId, g.id));
  if (accepted.size) {
    await tx
      .insert(resumeProvisionAcceptances)
      .values([...accepted].map((provisionId) => ({ guestId: g.id, provisionId, acceptedAt: now })));
  }
}

/** Step 5: answers to the active questions (required ones answered, yes_no 'yes'|'no'); replaces them. */
export async function saveTerms(tx: Db, g: GuestRow, v: Out<typeof termsStep>) {
  const active = await tx.select().from(resumeTerms).where(eq(resumeTerms.active, true));
  const byId = new Map(active.map((t) => [t.id, t]));
  const given = new Map<number, string | null>();
  const errors: FieldErrors = {};
  for (const a of v.answers) {
    if (!byId.has(a.term_id)) errors[`answers.${a.term_id}`] = ['این پرسش وجود ندارد یا دیگر پرسیده نمی‌شود'];
    given.set(a.term_id, a.answer);
  }
  for (const t of active) {
    const answer = given.get(t.id) ?? null;
    if (answer == null) {
      if (t.required) errors[`answers.${t.id}`] = ['به این پرسش پاسخ دهید'];
    } else if (t.kind === 'yes_no' && answer !== 'yes' && answer !== 'no') {
      errors[`answers.${t.id}`] = ['پاسخ این پرسش باید «بله» یا «خیر» باشد'];
    }
  }
  if (Object.keys(errors).length) fail(errors);
  await tx.delete(resumeTermAnswers).where(eq(resumeTermAnswers.guestId, g.id));
  const rows = [...given]
    .filter(([, answer]) => answer != null)
    .map(([termId, answer]) => ({ guestId: g.id, termId, answer }));
  if (rows.length) await tx.insert(resumeTermAnswers).values(rows);
}

/** Step 6: one `national_card` and at least one `degree` uploaded. */
export async function checkDocuments(tx: Db, g: GuestRow) {
  const docs = await tx
    .select({ type: resumeDocuments.type })
    .from(resumeDocuments)
    .where(
      and(eq(resumeDocuments.guestId, g.id), inArray(resumeDocuments.type, ['national_card', 'degree'])),
    );
  const missing: string[] = [];
  if (!docs.some((d) => d.type === 'national_card')) missing.push('تصویر کارت ملی را بارگذاری کنید');
  if (!docs.some((d) => d.type === 'degree')) missing.push('دست‌کم یک مدرک تحصیلی بارگذاری کنید');
  if (missing.length) fail({ documents: missing });
}
