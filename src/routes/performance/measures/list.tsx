import { createFileRoute } from '@tanstack/react-router';
import { MeasuresScreen } from '~/features/performance-config/measures-screen.tsx';
import { configListSearch } from '~/features/performance-config/search.ts';

/** The evaluation's measures (permission performance): list, values per company and year, create, edit, delete. */
export const Route = createFileRoute('/performance/measures/list')({
  validateSearch: configListSearch,
  component: MeasuresScreen,
});
