import { createFileRoute } from '@tanstack/react-router';
import { CodalScreen } from '~/features/company-reports/codal-screen.tsx';
import { codalSearch } from '~/features/company-reports/search.ts';

/** Codal disclosures of listed companies; the list's view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/legal-persons/codal-infos')({
  validateSearch: codalSearch,
  component: CodalScreen,
});
