import { createFileRoute } from '@tanstack/react-router';
import { TruePersonsScreen } from '~/features/persons/persons-list-screen.tsx';
import { truePersonsSearch } from '~/features/persons/search.ts';

/** The true persons list; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/true-persons/')({
  validateSearch: truePersonsSearch,
  component: TruePersonsScreen,
});
