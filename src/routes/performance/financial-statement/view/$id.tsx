import { createFileRoute, notFound } from '@tanstack/react-router';
import { statementQuery } from '~/features/financial-statements/api.ts';
import { StatementViewScreen } from '~/features/financial-statements/statement-view-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One financial statement beside the company's other years. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/performance/financial-statement/view/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(statementQuery(id));
  },
  component: StatementViewScreen,
});
