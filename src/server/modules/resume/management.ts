import { asc, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { EntityDescription } from '../../../contract/entity.ts';
import { positiveId } from '../../../contract/fields.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import type { TermKind } from '../../../contract/resume.ts';
import {
  type Provision,
  provision,
  provisionEntity,
  provisionInput,
  type TermCondition,
  termCondition,
  termConditionInput,
  termEntity,
} from '../../../contract/resume-texts.ts';
import type { Db } from '../../db/client.ts';
import {
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
} from '../../db/schema/index.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';

/**
 * The resume's managed texts (`resumes.manage`): term-and-condition questions (step 5) and
 * provisions (step 4). Both are the same kind of list, so one declaration builds the four calls
 * of each: list (by `sort`, with how many applicants used each one), create, change, delete.
 * Every change is a `defineMutation` (entityWriteRoutes), audited in its transaction. One that
 * has been answered or accepted cannot be deleted (409): deactivate it instead, so submitted
 * resumes keep their text.
 */

const idParams = z.object({ id: positiveId });

interface ManagedTable extends PgTable {
  id: AnyPgColumn;
  sort: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

interface ManagedText<Input extends z.ZodType, Row, Out> {
  /** The entity described in contract/resume.ts: its paths, permission and audit type. */
  entity: Pick<EntityDescription, 'name' | 'paths' | 'permissions'>;
  /** Its paths as literals (a search for a path finds this module); the description's. */
  paths: { list: string; item: string };
  /** The answer's schema for one (contract/resume.ts). */
  answer: z.ZodType<Out>;
  table: ManagedTable;
  /** The column of the answers/acceptances table pointing at this table's id. */
  usedBy: AnyPgColumn;
  input: Input;
  /** English noun for the OpenAPI summaries. */
  noun: string;
  notFound: string;
  inUse: string;
  shape(row: Row, uses: number): Out;
}

function managedTextRoutes<Input extends z.ZodType, Row, Out>(m: ManagedText<Input, Row, Out>): AnyRoute[] {
  const table = m.table as any;
  const uses = (db: Db, id: number) =>
    db
      .select({ n: count() })
      .from(m.usedBy.table)
      .where(eq(m.usedBy, id))
      .then((r) => r[0]?.n ?? 0);
  const lockRow = async (tx: Db, id: number): Promise<Row> => {
    const [row] = await tx.select().from(table).where(eq(m.table.id, id)).for('update');
    if (!row) throw notFound(m.notFound);
    return row as Row;
  };
  const base = { permission: m.entity.permissions.list, tags: ['resume'] };
  return [
    defineRoute({
      ...base,
      method: 'get',
      path: m.paths.list,
      summary: `Resume ${m.noun}: all, by sort, with how many applicants used each`,
      response: z.array(m.answer),
      async handler({ db }) {
        const rows = await db
          .select({
            row: table,
            n: sql<number>`(SELECT count(*)::int FROM ${m.usedBy.table} WHERE ${m.usedBy} = ${m.table.id})`,
          })
          .from(table)
          .orderBy(asc(m.table.sort), asc(m.table.id));
        return rows.map((r) => m.shape(r.row as Row, Number(r.n)));
      },
    }),
    ...entityWriteRoutes(m.entity, {
      paths: m.paths,
      tags: base.tags,
      params: idParams,
      body: m.input,
      response: m.answer,
      create: {
        summary: `Resume ${m.noun}: add one`,
        async handler({ db, deps, body }) {
          const now = deps.now();
          const [row] = (await db
            .insert(table)
            .values({ ...(body as object), createdAt: now, updatedAt: now })
            .returning()) as unknown[];
          return { id: (row as { id: number }).id, after: row, result: m.shape(row as Row, 0) };
        },
      },
      update: {
        summary: `Resume ${m.noun}: change one`,
        async handler({ db, deps, params, body }) {
          const before = await lockRow(db, params.id);
          const [row] = await db
            .update(table)
            .set({ ...(body as object), updatedAt: deps.now() })
            .where(eq(m.table.id, params.id))
            .returning();
          const result = m.shape(row as Row, await uses(db, params.id));
          return { id: params.id, before, after: row, result };
        },
      },
      remove: {
        summary: `Resume ${m.noun}: delete one nobody used`,
        response: deletedAnswer,
        async handler({ db, params }) {
          const before = await lockRow(db, params.id);
          if ((await uses(db, params.id)) > 0) throw conflict(m.inUse);
          await db.delete(table).where(eq(m.table.id, params.id));
          return { id: params.id, before, result: { deleted: true } };
        },
      },
    }),
  ];
}

/**
 * /api/person/resume/term-conditions[/:id] (`resumes.manage`): GET → `TermCondition[]` (with
 * `answers`); POST `termConditionInput` → `TermCondition`; PUT /:id → `TermCondition` (404);
 * DELETE /:id → `{ deleted: true }` (404; 409 when answered). 422 per field on bad input.
 */
const termRoutes = managedTextRoutes({
  entity: termEntity,
  paths: {
    list: '/api/person/resume/term-conditions',
    item: '/api/person/resume/term-conditions/:id{[0-9]+}',
  },
  answer: termCondition,
  table: resumeTerms,
  usedBy: resumeTermAnswers.termId,
  input: termConditionInput,
  noun: 'questions',
  notFound: 'پرسش یافت نشد',
  inUse: 'به این پرسش پاسخ داده شده است؛ به‌جای حذف آن را غیرفعال کنید',
  shape: (t: typeof resumeTerms.$inferSelect, answers): TermCondition => ({
    id: t.id,
    question: t.question,
    kind: t.kind as TermKind,
    required: t.required,
    active: t.active,
    sort: t.sort,
    answers,
    updated_at: t.updatedAt.toISOString(),
  }),
});

/**
 * /api/person/resume/provisions[/:id] (`resumes.manage`): GET → `Provision[]` (with
 * `accepted_by`); POST `provisionInput` → `Provision`; PUT /:id → `Provision` (404); DELETE /:id
 * → `{ deleted: true }` (404; 409 when accepted). 422 per field on bad input.
 */
const provisionRoutes = managedTextRoutes({
  entity: provisionEntity,
  paths: { list: '/api/person/resume/provisions', item: '/api/person/resume/provisions/:id{[0-9]+}' },
  answer: provision,
  table: resumeProvisions,
  usedBy: resumeProvisionAcceptances.provisionId,
  input: provisionInput,
  noun: 'provisions',
  notFound: 'بند تعهدنامه یافت نشد',
  inUse: 'به این بند تعهدنامه پاسخ داده شده است؛ به‌جای حذف آن را غیرفعال کنید',
  shape: (p: typeof resumeProvisions.$inferSelect, acceptedBy): Provision => ({
    id: p.id,
    title: p.title,
    body: p.body,
    active: p.active,
    sort: p.sort,
    accepted_by: acceptedBy,
    updated_at: p.updatedAt.toISOString(),
  }),
});

export const managementRoutes = [...termRoutes, ...provisionRoutes];
