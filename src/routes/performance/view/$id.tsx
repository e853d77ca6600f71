import { createFileRoute, notFound } from '@tanstack/react-router';
import { companyEvaluationQuery } from '~/features/performance/api.ts';
import { CompanyPerformanceScreen } from '~/features/performance/company-performance-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One company's evaluation by year. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/performance/view/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(companyEvaluationQuery(id));
  },
  component: CompanyPerformanceScreen,
});
