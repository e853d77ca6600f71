import { createFileRoute, notFound } from '@tanstack/react-router';
import { StatusPrintScreen } from '~/features/status-report/print/status-print-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** The company status form for filling in by hand, the registry's data printed (layout `empty`). */
export const Route = createFileRoute('/status-print-form/$id')({
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function StatusPrintForm() {
    const { id } = Route.useParams();
    return <StatusPrintScreen id={parseId(id) ?? 0} blank />;
  },
});
