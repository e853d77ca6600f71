import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { statusReportQuery } from '~/features/status-report/api.ts';
import { StatusReportScreen } from '~/features/status-report/status-report-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** The company status report, one section at a time; `?section=0..10` is the section on screen. */
export const Route = createFileRoute('/person/legal-persons/status/$id')({
  validateSearch: z.object({ section: z.coerce.number().int().min(0).max(10).catch(0).default(0) }),
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(statusReportQuery(id));
  },
  component: function StatusReport() {
    const { id } = Route.useParams();
    const { section } = Route.useSearch();
    return <StatusReportScreen id={parseId(id) ?? 0} section={section} />;
  },
});
