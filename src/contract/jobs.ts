import { z } from 'zod';
import { int, isoTime, listPageOf } from './api-envelope.ts';
import { listQuerySchema } from './list.ts';

/**
 * The job queue as /management/jobs shows it (GET/POST /api/management/jobs…): pg-boss's jobs,
 * their states and attempts, and the admin's retry and cancel.
 */

/** pg-boss's states, in its order: waiting, waiting to retry, running, and the three ends. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The job kinds the product queues (server/jobs/queue.ts). */
export const JOB_KINDS = ['sms.send', 'notify'] as const;

/** Sort keys of the job list; `created_at` (newest first) by default. */
export const JOB_SORTS = ['created_at', 'started_at', 'completed_at', 'name', 'state'] as const;

/**
 * GET /api/management/jobs: the shared list query (page, per_page, offset, total, sortBy,
 * descending, q: part of the job's subject) and the plain filters `state` and `name`.
 */
export const jobListQuery = listQuerySchema.extend({
  state: z.enum(JOB_STATES, { error: 'وضعیت کار معتبر نیست' }).optional(),
  name: z.string().max(100, 'نام صف حداکثر ۱۰۰ نویسه است').optional(),
});

/**
 * One job: its pg-boss id (a UUID), kind (`name`), state, the attempts made and allowed,
 * `subject` (an SMS's mobile, a notification's title), its times (created; last started;
 * completed, cancelled or finally failed; next run), and the last failure's message, kept while
 * the job has not completed.
 */
export const jobRow = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  attempts: int,
  max_attempts: int,
  subject: z.string().nullable(),
  created_at: isoTime,
  started_at: isoTime.nullable(),
  completed_at: isoTime.nullable(),
  start_after: isoTime,
  error: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;
export const jobPage = listPageOf(jobRow);

/** POST /api/management/jobs/{id}/retry | cancel: the job and the state it is now in. */
export const jobActionAnswer = z.object({ id: z.uuid(), state: z.enum(JOB_STATES) });
export type JobActionAnswer = z.infer<typeof jobActionAnswer>;
