import { queryOptions } from '@tanstack/react-query';
import type { DocumentType, DocumentTypeInput, OwnerType } from '~/contract/documents.ts';
import { api } from '~/lib/http.ts';

/** The documents calls (shapes in contract/documents.ts). */

export const documentKeys = {
  types: ['documents', 'types'] as const,
  typesFor: (type: OwnerType | 'all') => ['documents', 'types', type] as const,
};

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

/** GET /api/document-types: every type, by name (the management list filters in the browser). */
export const fetchDocumentTypes = (signal?: AbortSignal) =>
  api<DocumentType[]>('/api/document-types', { signal, quiet: true });

/** Where a document's file is served (Content-Disposition names it). */
export const documentFileUrl = (documentId: number) => `/api/documents/${documentId}/file`;

/** POST /api/document-types. */
export const createDocumentType = (body: DocumentTypeInput) =>
  api<DocumentType>('/api/document-types', { method: 'POST', body, quiet: true });

/** PUT /api/document-types/:id. */
export const updateDocumentType = (id: number, body: DocumentTypeInput) =>
  api<DocumentType>(`/api/document-types/${id}`, { method: 'PUT', body, quiet: true });

/** DELETE /api/document-types/:id (a 409 — in use — is toasted by the error catalogue). */
export const deleteDocumentType = (id: number) =>
  api<{ deleted: true }>(`/api/document-types/${id}`, { method: 'DELETE' });
