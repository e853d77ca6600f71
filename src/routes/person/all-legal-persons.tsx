import { createFileRoute } from '@tanstack/react-router';
import { AllLegalPersonsScreen } from '~/features/all-persons/all-persons-screen.tsx';
import { allLegalSearch } from '~/features/all-persons/search.ts';

/** Every legal person, of any kind; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/all-legal-persons')({
  validateSearch: allLegalSearch,
  component: AllLegalPersonsScreen,
});
