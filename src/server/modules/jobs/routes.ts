import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type JOB_SORTS,
  type JobActionAnswer,
  type JobRow,
  type JobState,
  jobActionAnswer,
  jobListQuery,
  jobPage,
} from '../../../contract/jobs.ts';
import type { ListPage } from '../../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { escapeLike, isoTimestamp, queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { BOSS_SCHEMA } from '../../jobs/queue.ts';

/**
 * /management/jobs (permission management.system, as the registry gives the screen): pg-boss's
 * jobs read from its own table (`pgboss.job`: jobs not yet archived, i.e. completed ones for 7
 * days and failed ones for 30, jobs/queue.ts), and an admin's retry and cancel through pg-boss.
 */

const job = sql.raw(`${BOSS_SCHEMA}.job`);

/** Attempts made: none before the first start; pg-boss counts the runs after the first in retry_count. */
const attempts = sql`CASE WHEN j.started_on IS NULL THEN 0 ELSE j.retry_count + 1 END`;

const SORT_EXPR: Record<(typeof JOB_SORTS)[number], SQL> = {
  created_at: sql`j.created_on`,
  started_at: sql`j.started_on`,
  completed_at: sql`j.completed_on`,
  name: sql`j.name`,
  state: sql`j.state`,
};

/** `sortBy` (up to three keys, `-` before one for descending) and `descending` as ORDER BY terms. */
function orderBy(sortBy: string | undefined, descending: boolean | undefined): SQL {
  const keys = (sortBy ?? 'created_at').split(',').map((k) => k.trim());
  if (keys.length > 3 || new Set(keys.map((k) => k.replace(/^-/, ''))).size !== keys.length)
    throw invalid({ sortBy: ['حداکثر سه ستون متفاوت برای مرتب‌سازی'] });
  const terms = keys.map((k, i) => {
    const key = k.replace(/^-/, '') as (typeof JOB_SORTS)[number];
    if (!Object.hasOwn(SORT_EXPR, key)) throw invalid({ sortBy: [`مرتب‌سازی با «${key}» ممکن نیست`] });
    // the first key without `-` follows `descending`; by default the newest come first
    const desc =
      k.startsWith('-') || (i === 0 && (descending ?? (sortBy === undefined || key === 'created_at')));
    return sql`${SORT_EXPR[key]} ${sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`;
  });
  return sql.join([...terms, sql`j.created_on DESC`, sql`j.id`], sql`, `);
}

/**
 * GET /api/management/jobs — pg-boss's jobs, paged by position: `page`/`per_page` or `offset`
 * (with `total` the count is not taken again), `state` (created | retry | active | completed |
 * cancelled | failed) and `name` (a queue: sms.send, notify) as plain filters, `q` part of the
 * subject, `sortBy` created_at (default, newest first) | started_at | completed_at | name | state
 * (up to three, `-` for descending) → `ListPage<JobRow>` (contract/jobs.ts; no cursors). 422 on an
 * unknown sort or state.
 */
const listJobs = defineRoute({
  method: 'get',
  path: '/api/management/jobs',
  permission: 'management.system',
  summary: 'Queued jobs with their state, attempts and last error, paged',
  tags: ['management'],
  query: jobListQuery,
  response: jobPage,
  async handler({ db, query }): Promise<ListPage<JobRow>> {
    const conds: SQL[] = [];
    if (query.state) conds.push(sql`j.state = ${query.state}::${sql.raw(BOSS_SCHEMA)}.job_state`);
    if (query.name) conds.push(sql`j.name = ${query.name}`);
    if (query.q)
      conds.push(
        sql`coalesce(j.data->>'mobile', j.data->>'title', '') ILIKE ${`%${escapeLike(query.q.trim())}%`}`,
      );
    const where = conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
    const order = orderBy(query.sortBy, query.descending);
    const perPage = query.per_page;
    const offset = query.offset ?? (query.page - 1) * perPage;
    const rows = await queryRows<JobRow>(
      db,
      sql`SELECT j.id::text AS id, j.name, j.state::text AS state, ${attempts} AS attempts,
          j.retry_limit + 1 AS max_attempts,
          coalesce(j.data->>'mobile', j.data->>'title') AS subject,
          ${isoTimestamp(sql`j.created_on`)} AS created_at, ${isoTimestamp(sql`j.started_on`)} AS started_at,
          ${isoTimestamp(sql`j.completed_on`)} AS completed_at, ${isoTimestamp(sql`j.start_after`)} AS start_after,
          CASE WHEN j.state <> 'completed'
            THEN coalesce(j.output->>'message', j.output->'value'->>'message') END AS error
        FROM ${job} j WHERE ${where} ORDER BY ${order} LIMIT ${perPage} OFFSET ${offset}`,
    );
    const total =
      query.total ??
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${job} j WHERE ${where}`))[0]!.n;
    return {
      data: rows,
      total,
      page: Math.floor(offset / perPage) + 1,
      per_page: perPage,
      next_cursor: null,
      prev_cursor: null,
    };
  },
});

const jobParams = z.object({ id: z.uuid({ error: 'شناسه کار معتبر نیست' }) });

/** The job `id` (its queue and state) or 404, read in the mutation's transaction with its row locked. */
async function findJob(db: Db, id: string): Promise<{ name: string; state: JobState }> {
  const [row] = await queryRows<{ name: string; state: JobState }>(
    db,
    sql`SELECT name, state::text AS state FROM ${job} WHERE id = ${id}::uuid FOR UPDATE`,
  );
  if (!row) throw notFound('این کار یافت نشد؛ شاید بایگانی شده باشد');
  return row;
}

/**
 * POST /api/management/jobs/:id/retry — runs a failed job again (one more attempt allowed) or
 * puts a cancelled one back in the queue → `{ id, state }` (retry | created). 404 unknown (or
 * archived) job; 409 when the job is neither failed nor cancelled. Audited as `job` `job.retry`.
 */
const retryJob = defineMutation({
  method: 'post',
  path: '/api/management/jobs/:id/retry',
  permission: 'management.system',
  summary: 'Run a failed or cancelled job again',
  tags: ['management'],
  params: jobParams,
  response: jobActionAnswer,
  audit: { entity: 'job', action: 'job.retry' },
  async handler({ db, deps, params }) {
    const { name, state } = await findJob(db, params.id);
    let next: JobState;
    if (state === 'failed' && (await deps.jobs.retry(db, name, params.id))) next = 'retry';
    else if (state === 'cancelled' && (await deps.jobs.resume(db, name, params.id))) next = 'created';
    else throw conflict('فقط کار ناموفق یا لغوشده را می‌توان دوباره اجرا کرد');
    const result: JobActionAnswer = { id: params.id, state: next };
    return { id: params.id, before: { name, state }, after: { name, state: next }, result };
  },
});

/**
 * POST /api/management/jobs/:id/cancel — cancels a job that is waiting, waiting to retry or
 * running (a running one's effect is then not written) → `{ id, state: 'cancelled' }`. 404
 * unknown (or archived) job; 409 when it has already completed, failed or been cancelled.
 * Audited as `job` `job.cancel`.
 */
const cancelJob = defineMutation({
  method: 'post',
  path: '/api/management/jobs/:id/cancel',
  permission: 'management.system',
  summary: 'Cancel a waiting or running job',
  tags: ['management'],
  params: jobParams,
  response: jobActionAnswer,
  audit: { entity: 'job', action: 'job.cancel' },
  async handler({ db, deps, params }) {
    const { name, state } = await findJob(db, params.id);
    if (!(await deps.jobs.cancel(db, name, params.id)))
      throw conflict('این کار پایان یافته است و لغو نمی‌شود');
    const result: JobActionAnswer = { id: params.id, state: 'cancelled' };
    return { id: params.id, before: { name, state }, after: { name, state: 'cancelled' }, result };
  },
});

export const jobRoutes = [listJobs, retryJob, cancelJob];
