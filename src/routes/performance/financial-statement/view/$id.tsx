import { createFileRoute, notFound } from '@tanstack/react-router';
import { statementQuery } from '~/features/financial-statements/api.ts';
import { StatementViewScreen } from '~/features/financial-statements/statement-view-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One financial statement beside the company's other years. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/performance/financial-statement/view/$id')({
  // `entry=true` opens the entry form at once (a statement just started from the matrix).
  validateSearch: (s: Record<string, unknown>): { entry?: true } =>
    s.entry === true || s.entry === 'true' ? { entry: true } : {},
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(statementQuery(id));
  },
  component: StatementViewScreen,
});
