import { createFileRoute, notFound } from '@tanstack/react-router';
import { StatusPrintScreen } from '~/features/status-report/print/status-print-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** The filled company status report as A4 pages (layout `empty`). */
export const Route = createFileRoute('/status-print/$id')({
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function StatusPrint() {
    const { id } = Route.useParams();
    return <StatusPrintScreen id={parseId(id) ?? 0} />;
  },
});
