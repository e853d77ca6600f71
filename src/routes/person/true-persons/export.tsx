import { createFileRoute } from '@tanstack/react-router';
import { truePersonsSearch } from '~/features/persons/search.ts';
import { TruePersonsExportScreen } from '~/features/persons/transfer/export-screen.tsx';

/** Export of the true persons: filters and sort in the URL (the list's own), format, download. */
export const Route = createFileRoute('/person/true-persons/export')({
  validateSearch: truePersonsSearch,
  component: TruePersonsExportScreen,
});
