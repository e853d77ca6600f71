import { queryOptions } from '@tanstack/react-query';
import type { DocumentType } from '~/contract/document-types.ts';
import type { OwnerType } from '~/contract/documents.ts';
import { api } from '~/lib/http.ts';

/** The documents calls (shapes in contract/documents.ts). */

export const documentKeys = {
  /** Every document-type list (the management list's cache key, contract/document-types.ts, and each owner's). */
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

/** Where a document's file is served (Content-Disposition names it). */
export const documentFileUrl = (documentId: number) => `/api/documents/${documentId}/file`;
