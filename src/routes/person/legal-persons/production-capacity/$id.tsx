import { createFileRoute, notFound } from '@tanstack/react-router';
import { capacitiesQuery } from '~/features/company-reports/api.ts';
import { CapacityScreen } from '~/features/company-reports/capacity-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** A company's production capacity per product and year, with utilisation. */
export const Route = createFileRoute('/person/legal-persons/production-capacity/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(capacitiesQuery(id));
  },
  component: function ProductionCapacity() {
    const { id } = Route.useParams();
    return <CapacityScreen id={parseId(id) ?? 0} />;
  },
});
