import type { JobActionAnswer, JobRow } from '~/contract/jobs.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/** The job queue's calls (server/modules/jobs/routes.ts). */

export type { JobRow };

export const jobKeys = { all: ['management', 'jobs'] as const };

/** GET /api/management/jobs: one block of the job list (state and name as plain filters). */
export const fetchJobs = (params: ListParams, signal: AbortSignal) =>
  api<ListPage<JobRow>>('/api/management/jobs', { query: toRequestQuery(params), signal, quiet: true });

/** POST /api/management/jobs/:id/retry: a failed job runs again, a cancelled one goes back in the queue. */
export const retryJob = (id: string) =>
  api<JobActionAnswer>(`/api/management/jobs/${id}/retry`, { method: 'POST' });

/** POST /api/management/jobs/:id/cancel: a waiting or running job is cancelled. */
export const cancelJob = (id: string) =>
  api<JobActionAnswer>(`/api/management/jobs/${id}/cancel`, { method: 'POST' });
