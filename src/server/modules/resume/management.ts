import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { positiveId } from '../../../contract/fields.ts';
import {
  type Provision,
  provisionInput,
  type TermCondition,
  type TermKind,
  termConditionInput,
} from '../../../contract/resume.ts';
import type { Db } from '../../db/client.ts';
import {
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * The resume's managed texts (`resumes.manage`): term-and-condition questions (step 5) and
 * provisions (step 4). Every change is audited in its transaction. One that has been answered or
 * accepted cannot be deleted (409): deactivate it instead, so submitted resumes keep their text.
 */

const idParams = z.object({ id: positiveId });

type TermRow = typeof resumeTerms.$inferSelect;
type ProvisionRow = typeof resumeProvisions.$inferSelect;

const toTerm = (t: TermRow, answers: number): TermCondition => ({
  id: t.id,
  question: t.question,
  kind: t.kind as TermKind,
  required: t.required,
  active: t.active,
  sort: t.sort,
  answers,
  updated_at: t.updatedAt.toISOString(),
});

const toProvision = (p: ProvisionRow, acceptedBy: number): Provision => ({
  id: p.id,
  title: p.title,
  body: p.body,
  active: p.active,
  sort: p.sort,
  accepted_by: acceptedBy,
  updated_at: p.updatedAt.toISOString(),
});

const termAnswers = (db: Db, id: number) =>
  db
    .select({ n: count() })
    .from(resumeTermAnswers)
    .where(eq(resumeTermAnswers.termId, id))
    .then((r) => r[0]?.n ?? 0);

const provisionAcceptances = (db: Db, id: number) =>
  db
    .select({ n: count() })
    .from(resumeProvisionAcceptances)
    .where(eq(resumeProvisionAcceptances.provisionId, id))
    .then((r) => r[0]?.n ?? 0);

const TERM_NOT_FOUND = 'پرسش یافت نشد';
const PROVISION_NOT_FOUND = 'بند تعهدنامه یافت نشد';

/** GET /api/person/resume/term-conditions (`resumes.manage`) — every question, by `sort`, with its answer count: `TermCondition[]`. */
const listTerms = defineRoute({
  method: 'get',
  path: '/api/person/resume/term-conditions',
  permission: 'resumes.manage',
  summary: 'Resume questions: all, with answer counts',
  tags: ['resume'],
  async handler({ db }) {
    const rows = await db
      .select({
        t: resumeTerms,
        n: sql<number>`(SELECT count(*)::int FROM ${resumeTermAnswers} WHERE ${resumeTermAnswers.termId} = ${resumeTerms.id})`,
      })
      .from(resumeTerms)
      .orderBy(asc(resumeTerms.sort), asc(resumeTerms.id));
    return rows.map((r) => toTerm(r.t, Number(r.n)));
  },
});

/** POST /api/person/resume/term-conditions (`resumes.manage`) — `termConditionInput` → the new `TermCondition`; 422 per field. */
const createTerm = defineRoute({
  method: 'post',
  path: '/api/person/resume/term-conditions',
  permission: 'resumes.manage',
  summary: 'Resume questions: add one',
  tags: ['resume'],
  body: termConditionInput,
  async handler({ db, deps, body, audit }) {
    return db.transaction(async (tx) => {
      const now = deps.now();
      const [row] = await tx
        .insert(resumeTerms)
        .values({ ...body, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, { action: 'create', entity: 'resume_term', entityId: row!.id, after: row });
      return toTerm(row!, 0);
    });
  },
});

/** PUT /api/person/resume/term-conditions/:id (`resumes.manage`) — `termConditionInput` → `TermCondition`; 404; 422 per field. */
const updateTerm = defineRoute({
  method: 'put',
  path: '/api/person/resume/term-conditions/:id',
  permission: 'resumes.manage',
  summary: 'Resume questions: change one',
  tags: ['resume'],
  params: idParams,
  body: termConditionInput,
  async handler({ db, deps, params, body, audit }) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(resumeTerms).where(eq(resumeTerms.id, params.id)).for('update');
      if (!before) throw notFound(TERM_NOT_FOUND);
      const [row] = await tx
        .update(resumeTerms)
        .set({ ...body, updatedAt: deps.now() })
        .where(eq(resumeTerms.id, params.id))
        .returning();
      await audit(tx, { action: 'update', entity: 'resume_term', entityId: params.id, before, after: row });
      return toTerm(row!, await termAnswers(tx, params.id));
    });
  },
});

/** DELETE /api/person/resume/term-conditions/:id (`resumes.manage`) → `{ deleted: true }`; 404; 409 when answered (deactivate it instead). */
const deleteTerm = defineRoute({
  method: 'delete',
  path: '/api/person/resume/term-conditions/:id',
  permission: 'resumes.manage',
  summary: 'Resume questions: delete an unanswered one',
  tags: ['resume'],
  params: idParams,
  async handler({ db, params, audit }) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(resumeTerms).where(eq(resumeTerms.id, params.id)).for('update');
      if (!before) throw notFound(TERM_NOT_FOUND);
      if ((await termAnswers(tx, params.id)) > 0) {
        throw conflict('به این پرسش پاسخ داده شده است؛ به‌جای حذف آن را غیرفعال کنید');
      }
      await tx.delete(resumeTerms).where(eq(resumeTerms.id, params.id));
      await audit(tx, { action: 'delete', entity: 'resume_term', entityId: params.id, before });
      return { deleted: true };
    });
  },
});

/** GET /api/person/resume/provisions (`resumes.manage`) — every provision, by `sort`, with its acceptance count: `Provision[]`. */
const listProvisions = defineRoute({
  method: 'get',
  path: '/api/person/resume/provisions',
  permission: 'resumes.manage',
  summary: 'Resume provisions: all, with acceptance counts',
  tags: ['resume'],
  async handler({ db }) {
    const rows = await db
      .select({
        p: resumeProvisions,
        n: sql<number>`(SELECT count(*)::int FROM ${resumeProvisionAcceptances} WHERE ${resumeProvisionAcceptances.provisionId} = ${resumeProvisions.id})`,
      })
      .from(resumeProvisions)
      .orderBy(asc(resumeProvisions.sort), asc(resumeProvisions.id));
    return rows.map((r) => toProvision(r.p, Number(r.n)));
  },
});

/** POST /api/person/resume/provisions (`resumes.manage`) — `provisionInput` → the new `Provision`; 422 per field. */
const createProvision = defineRoute({
  method: 'post',
  path: '/api/person/resume/provisions',
  permission: 'resumes.manage',
  summary: 'Resume provisions: add one',
  tags: ['resume'],
  body: provisionInput,
  async handler({ db, deps, body, audit }) {
    return db.transaction(async (tx) => {
      const now = deps.now();
      const [row] = await tx
        .insert(resumeProvisions)
        .values({ ...body, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, { action: 'create', entity: 'resume_provision', entityId: row!.id, after: row });
      return toProvision(row!, 0);
    });
  },
});

/** PUT /api/person/resume/provisions/:id (`resumes.manage`) — `provisionInput` → `Provision`; 404; 422 per field. */
const updateProvision = defineRoute({
  method: 'put',
  path: '/api/person/resume/provisions/:id',
  permission: 'resumes.manage',
  summary: 'Resume provisions: change one',
  tags: ['resume'],
  params: idParams,
  body: provisionInput,
  async handler({ db, deps, params, body, audit }) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(resumeProvisions)
        .where(eq(resumeProvisions.id, params.id))
        .for('update');
      if (!before) throw notFound(PROVISION_NOT_FOUND);
      const [row] = await tx
        .update(resumeProvisions)
        .set({ ...body, updatedAt: deps.now() })
        .where(eq(resumeProvisions.id, params.id))
        .returning();
      await audit(tx, {
        action: 'update',
        entity: 'resume_provision',
        entityId: params.id,
        before,
        after: row,
      });
      return toProvision(row!, await provisionAcceptances(tx, params.id));
    });
  },
});

/** DELETE /api/person/resume/provisions/:id (`resumes.manage`) → `{ deleted: true }`; 404; 409 when accepted (deactivate it instead). */
const deleteProvision = defineRoute({
  method: 'delete',
  path: '/api/person/resume/provisions/:id',
  permission: 'resumes.manage',
  summary: 'Resume provisions: delete an unaccepted one',
  tags: ['resume'],
  params: idParams,
  async handler({ db, params, audit }) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(resumeProvisions)
        .where(eq(resumeProvisions.id, params.id))
        .for('update');
      if (!before) throw notFound(PROVISION_NOT_FOUND);
      if ((await provisionAcceptances(tx, params.id)) > 0) {
        throw conflict('به این بند تعهدنامه پاسخ داده شده است؛ به‌جای حذف آن را غیرفعال کنید');
      }
      await tx.delete(resumeProvisions).where(eq(resumeProvisions.id, params.id));
      await audit(tx, { action: 'delete', entity: 'resume_provision', entityId: params.id, before });
      return { deleted: true };
    });
  },
});

export const managementRoutes = [
  listTerms,
  createTerm,
  updateTerm,
  deleteTerm,
  listProvisions,
  createProvision,
  updateProvision,
  deleteProvision,
];
