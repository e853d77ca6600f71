import { createFileRoute } from '@tanstack/react-router';
import { FormulasScreen } from '~/features/performance-config/formulas-screen.tsx';
import { configListSearch } from '~/features/performance-config/search.ts';

/** The evaluation's formulas (permission performance): list, and the editor with its preview. */
export const Route = createFileRoute('/performance/formulas/list')({
  validateSearch: configListSearch,
  component: FormulasScreen,
});
