import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type { ResumeDetail, ResumeRow, ReviewInput } from '~/contract/resume.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';
import { toServerFilters } from './server-filters.ts';

/**
 * The staff calls on resumes (shapes in src/contract/resume.ts): the list, one resume, the
 * review (bulk); the questions and provisions are entities (contract/resume.ts termEntity,
 * provisionEntity) called through lib/entity-api.ts. Reads are `quiet`
 * (the screen shows a failed load in place); writes let the error catalogue toast, except the
 * forms, which show 422 messages under their fields.
 */

export const resumeKeys = {
  all: ['resumes'] as const,
  list: ['resumes', 'list'] as const,
  one: (ncode: string) => ['resumes', 'one', ncode] as const,
};

const BASE = '/api/person/resume';

/** GET /api/person/resume/list: one page of submitted resumes. */
export function fetchResumes(params: ListParams, signal: AbortSignal) {
  return api<ListPage<ResumeRow>>(`${BASE}/list`, {
    query: toRequestQuery(toServerFilters(params)),
    signal,
    quiet: true,
  });
}

/** GET /api/person/resume/view/{ncode}: the whole submitted resume with its review. */
export const resumeQuery = (ncode: string) =>
  queryOptions({
    queryKey: resumeKeys.one(ncode),
    queryFn: ({ signal }) => api<ResumeDetail>(`${BASE}/view/${ncode}`, { signal, quiet: true }),
  });

/** The file of one of an applicant's documents (the photo shows inline, the rest download). */
export const documentUrl = (ncode: string, id: number) => `${BASE}/view/${ncode}/documents/${id}`;

/** The print view of a resume (built beside the guest flow). */
export const printUrl = (ncode: string) => `/resume/print/ViewResume/${ncode}`;

/** POST /api/person/resume/review: one status (and note) for 1..500 resumes; 422 per field. */
export const reviewResumes = (input: ReviewInput) =>
  api<{ updated: number }>(`${BASE}/review`, { method: 'POST', body: input, quiet: true });
