import { queryOptions } from '@tanstack/react-query';
import type { SavedSection, StatusReport, StatusSectionSave } from '~/contract/status-report.ts';
import { api } from '~/lib/http.ts';

/**
 * The status report's calls (contract/status-report.ts). Quiet: the screens show every refusal
 * beside its field or in the section's banner.
 */

export const statusKeys = {
  report: (id: number) => ['status-report', id] as const,
};

/** GET /api/person/legal-persons/status/{id} → all sections (saved, or drafts). */
export const fetchStatusReport = (id: number) =>
  api<StatusReport>(`/api/person/legal-persons/status/${id}`, { quiet: true });

/** The report's query; never refetched behind the user's back (it would not touch typed values anyway). */
export const statusReportQuery = (id: number) =>
  queryOptions({
    queryKey: statusKeys.report(id),
    queryFn: () => fetchStatusReport(id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** PUT …/status/{id}/section/{n} with the version the section was read at → its new version. */
export const saveStatusSection = (id: number, n: number, body: StatusSectionSave) =>
  api<SavedSection>(`/api/person/legal-persons/status/${id}/section/${n}`, {
    method: 'PUT',
    body: body as unknown as Record<string, unknown>,
    quiet: true,
  });
