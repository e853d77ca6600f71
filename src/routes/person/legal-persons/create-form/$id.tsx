import { createFileRoute, notFound } from '@tanstack/react-router';
import { statusReportQuery } from '~/features/status-report/api.ts';
import { LongFormScreen } from '~/features/status-report/long-form-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** The company status report as one long form (typing in a paper form), each section saved on its own. */
export const Route = createFileRoute('/person/legal-persons/create-form/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(statusReportQuery(id));
  },
  component: function StatusLongForm() {
    const { id } = Route.useParams();
    return <LongFormScreen id={parseId(id) ?? 0} />;
  },
});
