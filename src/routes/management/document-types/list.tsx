import { createFileRoute } from '@tanstack/react-router';
import { DocumentTypesScreen } from '~/features/documents/document-types-screen.tsx';
import { documentTypesSearch } from '~/features/documents/search.ts';

/** The managed list of document types (permission management.system): list, create, edit, delete. */
export const Route = createFileRoute('/management/document-types/list')({
  validateSearch: documentTypesSearch,
  component: DocumentTypesScreen,
});
