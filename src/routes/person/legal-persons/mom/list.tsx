import { createFileRoute } from '@tanstack/react-router';
import { MinutesScreen } from '~/features/company-reports/minutes-screen.tsx';
import { minutesSearch } from '~/features/company-reports/search.ts';

/** Minutes of meetings across companies; the list's view lives in the URL. */
export const Route = createFileRoute('/person/legal-persons/mom/list')({
  validateSearch: minutesSearch,
  component: MinutesScreen,
});
