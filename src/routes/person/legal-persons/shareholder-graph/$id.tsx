import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { GraphScreen } from '~/features/ownership-graphs/graph-screen.tsx';
import { ownershipSearch } from '~/lib/ownership-search.ts';
import { parseId } from '~/lib/route-params.ts';

/** The company's owners, upward to the ultimate controllers (issue 17); `ended` shows ended holdings. */
export const Route = createFileRoute('/person/legal-persons/shareholder-graph/$id')({
  validateSearch: ownershipSearch.extend({ ended: z.boolean().optional().catch(undefined) }),
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function OwnershipGraphRoute() {
    const { id } = Route.useParams();
    const search = Route.useSearch();
    return <GraphScreen id={parseId(id) ?? 0} direction="up" search={search} />;
  },
});
