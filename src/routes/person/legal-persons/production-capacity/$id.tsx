import { createFileRoute, notFound } from '@tanstack/react-router';
import { companyRowsQuery } from '~/features/company-reports/api.ts';
import { CompanyReportScreen } from '~/features/company-reports/company-rows-screen.tsx';
import { capacities } from '~/features/company-reports/reports.tsx';
import { parseId } from '~/lib/route-params.ts';

/** A company's production capacity per product and year, with utilisation. */
export const Route = createFileRoute('/person/legal-persons/production-capacity/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(companyRowsQuery(capacities.entity, id));
  },
  component: function ProductionCapacity() {
    const { id } = Route.useParams();
    return <CompanyReportScreen report={capacities} id={parseId(id) ?? 0} />;
  },
});
