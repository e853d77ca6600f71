import { queryOptions } from '@tanstack/react-query';
import type { DocumentItem, DocumentType, OwnerType } from '~/contract/documents.ts';
import { api } from '~/lib/http.ts';

/** The documents calls (shapes in contract/documents.ts). */

const SEGMENT: Record<OwnerType, string> = { legal: 'legal-persons', true: 'true-persons' };

export const documentKeys = {
  all: ['documents'] as const,
  owner: (type: OwnerType, id: number) => ['documents', 'owner', type, id] as const,
  typesFor: (type: OwnerType | 'all') => ['documents', 'types', type] as const,
};

/** GET /api/person/{type}/:id/documents: the owner's documents, newest first. */
export const ownerDocumentsQuery = (type: OwnerType, id: number) =>
  queryOptions({
    queryKey: documentKeys.owner(type, id),
    queryFn: ({ signal }) =>
      api<DocumentItem[]>(`/api/person/${SEGMENT[type]}/${id}/documents`, { signal, quiet: true }),
  });

/** GET /api/document-types (of one owner type, or all): the managed list, by name. */
export const documentTypesQuery = (type: OwnerType | 'all') =>
  queryOptions({
    queryKey: documentKeys.typesFor(type),
    queryFn: ({ signal }) =>
      api<DocumentType[]>('/api/document-types', {
        query: { owner_type: type === 'all' ? undefined : type },
        signal,
        quiet: true,
      }),
  });

/** POST (multipart) a document; 422 fields come back as ApiError.fields (quiet: the dialog shows them). */
export function uploadDocument(
  type: OwnerType,
  id: number,
  input: { document_type_id: number | ''; title: string; file: File | null },
) {
  const form = new FormData();
  form.set('document_type_id', String(input.document_type_id));
  form.set('title', input.title);
  if (input.file) form.set('file', input.file);
  return api<DocumentItem>(`/api/person/${SEGMENT[type]}/${id}/documents`, {
    method: 'POST',
    body: form,
    quiet: true,
  });
}

/** DELETE a document of an owner (failures are toasted). */
export const deleteDocument = (type: OwnerType, id: number, documentId: number) =>
  api<{ deleted: true }>(`/api/person/${SEGMENT[type]}/${id}/documents/${documentId}`, { method: 'DELETE' });

/** Where a document's file is served (Content-Disposition names it). */
export const documentFileUrl = (documentId: number) => `/api/documents/${documentId}/file`;
