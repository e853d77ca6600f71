import { createFileRoute } from '@tanstack/react-router';
import { EntryMatrixScreen } from '~/features/financial-statements/entry-matrix-screen.tsx';
import { matrixSearch } from '~/features/financial-statements/search.ts';

/** Entry states of annual statements, companies × fiscal years; the view (q, filters, last year) lives in the URL. */
export const Route = createFileRoute('/performance/financial-statements-entry-state/list')({
  validateSearch: matrixSearch,
  component: EntryMatrixScreen,
});
