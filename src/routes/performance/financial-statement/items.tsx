import { createFileRoute } from '@tanstack/react-router';
import { StatementItemsScreen } from '~/features/financial-statements/chart-screen.tsx';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';

/** The chart of line items of financial statements, managed by staff. */
export const Route = createFileRoute('/performance/financial-statement/items')({
  validateSearch: listSearchSchema([]),
  component: StatementItemsScreen,
});
