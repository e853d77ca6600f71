import type { BulkOperation } from '~/contract/bulk.ts';
import type { IssueBulkAnswer, IssueBulkInput, IssueRow } from '~/contract/issues.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';

/** The triage view's calls (shapes in contract/issues.ts and contract/bulk.ts). */

/** POST /api/issues/bulk: one triage verb on ids or on every issue matching the list (refusals are toasted). */
export const runIssueVerb = (body: IssueBulkInput) =>
  api<IssueBulkAnswer>('/api/issues/bulk', { method: 'POST', body });

/** POST /api/bulk-operations/:id/undo: takes a verb back (refusals — 409, 410 — are toasted). */
export const undoIssueVerb = (id: string) =>
  api<{ operation: BulkOperation }>(`/api/bulk-operations/${id}/undo`, { method: 'POST' });

/** GET /api/issues?q=…: issues whose title or person matches `text`, newest first (the duplicate's original). */
export const findIssues = (text: string, signal: AbortSignal) =>
  api<ListPage<IssueRow>>('/api/issues', {
    query: { q: text || undefined, per_page: 30, page: 1 },
    signal,
    quiet: true,
  });
