import { createFileRoute } from '@tanstack/react-router';
import { LegalPersonsScreen } from '~/features/persons/persons-list-screen.tsx';
import { legalPersonsSearch } from '~/features/persons/search.ts';

/** The legal persons list; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/legal-persons/')({
  validateSearch: legalPersonsSearch,
  component: LegalPersonsScreen,
});
