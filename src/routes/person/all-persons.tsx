import { createFileRoute } from '@tanstack/react-router';
import { AllPersonsScreen } from '~/features/all-persons/all-persons-screen.tsx';
import { allPersonsSearch } from '~/features/all-persons/search.ts';

/** Legal and true persons in one list; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/all-persons')({
  validateSearch: allPersonsSearch,
  component: AllPersonsScreen,
});
