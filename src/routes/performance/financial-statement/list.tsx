import { createFileRoute } from '@tanstack/react-router';
import { statementSearch } from '~/features/financial-statements/search.ts';
import { StatementListScreen } from '~/features/financial-statements/statement-list-screen.tsx';

/** Financial statements of every company; the list's view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/performance/financial-statement/list')({
  validateSearch: statementSearch,
  component: StatementListScreen,
});
