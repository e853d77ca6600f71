import { createFileRoute } from '@tanstack/react-router';
import { truePersonsSearch } from '~/features/persons/search.ts';
import { TruePersonsScreen } from '~/features/persons/true-persons-screen.tsx';

/** The true persons list; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/true-persons/')({
  validateSearch: truePersonsSearch,
  component: TruePersonsScreen,
});
