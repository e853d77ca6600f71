import { createFileRoute, notFound } from '@tanstack/react-router';
import { statusSearch } from '~/features/industries/search.ts';
import { StatusScreen } from '~/features/industries/status-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One industry group: its figures, its companies on the map of provinces, and the companies' list. */
export const Route = createFileRoute('/industries/status/$id')({
  validateSearch: statusSearch,
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function IndustryStatusRoute() {
    const { id } = Route.useParams();
    return <StatusScreen id={parseId(id) ?? 0} />;
  },
});
