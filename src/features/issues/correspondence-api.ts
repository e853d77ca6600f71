import { queryOptions } from '@tanstack/react-query';
import type { LetterAttachment, LetterPrint } from '~/contract/issue-correspondence.ts';
import { api } from '~/lib/http.ts';

/**
 * The calls of an issue's correspondence (contract/issue-correspondence.ts): the attachments of
 * its letters, one letter for its print, an upload, a delete, a download's URL. Reads are quiet
 * (the screen shows a failed load in place), the upload too (its caller shows the refusal).
 */

/** Query keys: an issue's attachments, one letter's print (under `issue`, so an issue's refresh reaches them). */
export const correspondenceKeys = {
  attachments: (issueId: number) => ['issue', 'attachments', issueId] as const,
  letter: (letterId: number) => ['issue', 'letter', letterId] as const,
};

/** GET /api/issues/:id/attachments: the files of every letter of the issue. */
export const attachmentsQuery = (issueId: number) =>
  queryOptions({
    queryKey: correspondenceKeys.attachments(issueId),
    queryFn: ({ signal }) =>
      api<LetterAttachment[]>(`/api/issues/${issueId}/attachments`, { signal, quiet: true }),
  });

/** GET /api/issues/letters/:letterId: the letter with its issue and attachments. */
export const letterPrintQuery = (letterId: number) =>
  queryOptions({
    queryKey: correspondenceKeys.letter(letterId),
    queryFn: ({ signal }) => api<LetterPrint>(`/api/issues/letters/${letterId}`, { signal, quiet: true }),
  });

const attachmentsPath = (issueId: number, letterId: number) =>
  `/api/issues/${issueId}/letters/${letterId}/attachments`;

/** POST …/attachments (multipart `file`) → the stored attachment; throws ApiError (422 on `file`) quietly. */
export function uploadAttachment(issueId: number, letterId: number, file: File): Promise<LetterAttachment> {
  const form = new FormData();
  form.set('file', file);
  return api<LetterAttachment>(attachmentsPath(issueId, letterId), {
    method: 'POST',
    body: form,
    quiet: true,
  });
}

/** DELETE …/attachments/:attachmentId → `{ deleted: true }` (a refusal is toasted by the error catalogue). */
export const removeAttachment = (issueId: number, a: LetterAttachment) =>
  api<{ deleted: true }>(`${attachmentsPath(issueId, a.letter_id)}/${a.id}`, { method: 'DELETE' });

/** The download URL of an attachment (a plain link: the browser sends the session cookie). */
export const attachmentUrl = (issueId: number, a: LetterAttachment) =>
  `${attachmentsPath(issueId, a.letter_id)}/${a.id}`;

/** What the file picker offers (the server judges the bytes anyway). */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.xlsx,.docx,application/pdf,image/jpeg,image/png';
