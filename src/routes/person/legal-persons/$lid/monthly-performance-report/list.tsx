import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { monthlyEntity } from '~/contract/company-reports.ts';
import { monthlyQuery } from '~/features/company-reports/api.ts';
import { MonthlyScreen } from '~/features/company-reports/monthly-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** A company's monthly activity; `?year=` narrows it to one Jalali year. */
export const Route = createFileRoute('/person/legal-persons/$lid/monthly-performance-report/list')({
  validateSearch: z.object({ year: z.coerce.number().int().min(1300).max(1500).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.lid);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(monthlyQuery(monthlyEntity, id, deps.year));
  },
  component: function MonthlyPerformance() {
    const { lid } = Route.useParams();
    const { year } = Route.useSearch();
    return <MonthlyScreen id={parseId(lid) ?? 0} year={year} />;
  },
});
