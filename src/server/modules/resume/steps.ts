import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  goStepInput,
  RESUME_STEP_TITLES,
  resumeDetailAnswer,
  type SavedStep,
  STEP_SCHEMAS,
  stepAnswer,
  stepParams,
} from '../../../contract/resume.ts';
import { isoOfDate } from '../../../domain/jalali.ts';
import type { Db } from '../../db/client.ts';
import {
  guests,
  resumeDocuments,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
} from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { parseOr422 } from '../../http/validate.ts';
import {
  assertEditable,
  assertReachable,
  type GuestRow,
  resumeDetail,
  sessionGuest,
  toGuest,
} from './shape.ts';
import {
  checkDocuments,
  experienceYears,
  saveEducations,
  saveExperiences,
  savePersonal,
  saveProvisions,
  saveTerms,
} from './step-save.ts';

/**
 * The applicant's own resume (guest session): read it, save a step, move between steps, submit.
 * Every change runs in one transaction with the guest row locked, so two tabs cannot interleave.
 */

/** GET /api/person/resume (guest) — the applicant's own `ResumeDetail` (`review` null). */
const ownResume = defineRoute({
  method: 'get',
  path: '/api/person/resume',
  permission: 'guest',
  summary: 'Resume applicant: the whole own resume',
  tags: ['resume'],
  response: resumeDetailAnswer,
  async handler({ db, session }) {
    return resumeDetail(db, await sessionGuest(db, session), false);
  },
});

async function saveStep(tx: Db, g: GuestRow, step: SavedStep, raw: unknown, now: Date) {
  switch (step) {
    case 1:
      return savePersonal(tx, g, parseOr422(STEP_SCHEMAS[1], raw), now);
    case 2:
      return saveEducations(tx, g, parseOr422(STEP_SCHEMAS[2], raw), now);
    case 3:
      return saveExperiences(tx, g, parseOr422(STEP_SCHEMAS[3], raw), now);
    case 4:
      return saveProvisions(tx, g, parseOr422(STEP_SCHEMAS[4], raw), now);
    case 5:
      return saveTerms(tx, g, parseOr422(STEP_SCHEMAS[5], raw));
    case 6:
      parseOr422(STEP_SCHEMAS[6], raw);
      return checkDocuments(tx, g);
  }
}

/**
 * PUT /api/person/resume/steps/:step (guest; step 1..6) — the step's form (contract STEP_SCHEMAS)
 * → `{ guest }`: replaces the step's data, sets `completed_step` to at least `step` and `step`
 * to `step + 1`. 422 per field with nothing saved (dates as ISO in, Jalali typed by the form;
 * step 1: `photo` not uploaded, `birth_city_id` unknown, `birth_date` age outside 18..90;
 * steps 2/3: dates in the future; step 4: `accepted` must be exactly the active provisions;
 * step 5: `answers.{term_id}`; step 6: `documents`); 422 «ابتدا مراحل پیشین را کامل کنید» on
 * `step` beyond `completed_step + 1`; 409 after submit.
 */
const putStep = defineMutation({
  method: 'put',
  path: '/api/person/resume/steps/:step{[0-9]+}',
  permission: 'guest',
  summary: 'Resume applicant: save one step',
  tags: ['resume'],
  params: stepParams,
  body: z.unknown(),
  response: stepAnswer,
  async handler({ db, deps, session, params, body }) {
    const step = params.step as SavedStep;
    const now = deps.now();
    const g = await sessionGuest(db, session, true);
    assertEditable(g);
    assertReachable(g, step);
    await saveStep(db, g, step, body, now);
    const [saved] = await db
      .update(guests)
      .set({ step: step + 1, completedStep: Math.max(g.completedStep, step), updatedAt: now })
      .where(eq(guests.id, g.id))
      .returning();
    // The action names the step (`resume.step3`), so the row is given whole.
    const audit = {
      action: `resume.step${step}`,
      entity: 'resume',
      entityId: g.id,
      before: { step: g.step, completed_step: g.completedStep },
      after: { step: saved!.step, completed_step: saved!.completedStep },
    };
    return { audits: [audit], result: { guest: toGuest(saved!) } };
  },
});

/**
 * POST /api/person/resume/go-step (guest) — `{ step: 1..7 }` → `{ guest }` on that step: back any
 * time, forward up to `completed_step + 1`. 422 «ابتدا مراحل پیشین را کامل کنید»; 409 after submit.
 */
const goStep = defineRoute({
  method: 'post',
  path: '/api/person/resume/go-step',
  permission: 'guest',
  summary: 'Resume applicant: move to another step',
  tags: ['resume'],
  body: goStepInput,
  response: stepAnswer,
  async handler({ db, deps, session, body }) {
    // Not a defineMutation: moving between steps is not audited; the transaction holds the row lock.
    return db.transaction(async (tx) => {
      const g = await sessionGuest(tx, session, true);
      assertEditable(g);
      assertReachable(g, body.step);
      const [saved] = await tx
        .update(guests)
        .set({ step: body.step, updatedAt: deps.now() })
        .where(eq(guests.id, g.id))
        .returning();
      return { guest: toGuest(saved!) };
    });
  },
});

/** The saved steps that are not (or no longer) complete, checked against the current data. */
async function incompleteSteps(tx: Db, g: GuestRow): Promise<number[]> {
  // One statement (not parallel queries: a transaction holds one connection).
  const [c] = await queryRows<Record<string, number>>(
    tx,
    sql`SELECT
      (SELECT count(*)::int FROM ${resumeEducations} WHERE ${resumeEducations.guestId} = ${g.id}) AS educations,
      (SELECT count(*)::int FROM ${resumeProvisions} p WHERE p.active AND NOT EXISTS (
        SELECT 1 FROM ${resumeProvisionAcceptances} a WHERE a.provision_id = p.id AND a.guest_id = ${g.id})) AS unaccepted,
      (SELECT count(*)::int FROM ${resumeTerms} q WHERE q.active AND q.required AND NOT EXISTS (
        SELECT 1 FROM ${resumeTermAnswers} x WHERE x.term_id = q.id AND x.guest_id = ${g.id} AND x.answer IS NOT NULL)) AS unanswered,
      (SELECT count(*)::int FROM ${resumeDocuments} d WHERE d.guest_id = ${g.id} AND d.type = 'national_card') AS cards,
      (SELECT count(*)::int FROM ${resumeDocuments} d WHERE d.guest_id = ${g.id} AND d.type = 'degree') AS degrees`,
  );
  const { educations = 0, unaccepted = 0, unanswered = 0, cards = 0, degrees = 0 } = c ?? {};
  const bad = new Set<number>();
  for (let s = g.completedStep + 1; s <= 6; s++) bad.add(s);
  if (!g.firstName || !g.photoDocumentId) bad.add(1);
  if (educations === 0) bad.add(2);
  if (unaccepted > 0) bad.add(4);
  if (unanswered > 0) bad.add(5);
  if (cards === 0 || degrees === 0) bad.add(6);
  return [...bad].sort();
}

/**
 * POST /api/person/resume/submit (guest) → `{ guest }` with `submitted_at` set and step 7; the
 * review status starts at `received`. 422 naming each incomplete step under `errors.step`
 * (their numbers in `incomplete_steps`); 409 when already submitted.
 */
const submit = defineMutation({
  method: 'post',
  path: '/api/person/resume/submit',
  permission: 'guest',
  summary: 'Resume applicant: submit the resume',
  tags: ['resume'],
  response: stepAnswer,
  audit: { entity: 'resume', action: 'resume.submit' },
  async handler({ db, deps, session }) {
    const now = deps.now();
    const g = await sessionGuest(db, session, true);
    assertEditable(g);
    const bad = await incompleteSteps(db, g);
    if (bad.length) {
      const messages = bad.map((s) => `مرحله «${RESUME_STEP_TITLES[s as SavedStep]}» کامل نشده است`);
      throw new HttpError(
        422,
        'پیش از ارسال، مراحل ناقص را کامل کنید',
        { step: messages },
        { incomplete_steps: bad },
      );
    }
    const posts = await db
      .select({ fromDate: resumeExperiences.fromDate, toDate: resumeExperiences.toDate })
      .from(resumeExperiences)
      .where(eq(resumeExperiences.guestId, g.id));
    const [saved] = await db
      .update(guests)
      .set({
        submittedAt: now,
        step: 7,
        reviewStatus: 'received',
        reviewNote: null,
        reviewedAt: null,
        reviewedBy: null,
        experienceYears: experienceYears(posts, isoOfDate(now)),
        updatedAt: now,
      })
      .where(eq(guests.id, g.id))
      .returning();
    return { id: g.id, after: { submitted_at: now.toISOString() }, result: { guest: toGuest(saved!) } };
  },
});

export const stepRoutes = [ownResume, putStep, goStep, submit];
