import { createFileRoute, notFound } from '@tanstack/react-router';
import { GraphScreen } from '~/features/industries/graph-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** The ownership network inside one industry group, with the list of its companies beside it. */
export const Route = createFileRoute('/industries/graph/$id')({
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function IndustryGraphRoute() {
    const { id } = Route.useParams();
    return <GraphScreen id={parseId(id) ?? 0} />;
  },
});
