import { createFileRoute, notFound } from '@tanstack/react-router';
import { companyRowsQuery } from '~/features/company-reports/api.ts';
import { CompanyReportScreen } from '~/features/company-reports/company-rows-screen.tsx';
import { productReports } from '~/features/company-reports/reports.tsx';
import { parseId } from '~/lib/route-params.ts';

/** A company's product reports by fiscal year and period, with the planned-against-produced chart. */
export const Route = createFileRoute('/person/legal-persons/product-reports/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(companyRowsQuery(productReports.entity, id));
  },
  component: function ProductReports() {
    const { id } = Route.useParams();
    return <CompanyReportScreen report={productReports} id={parseId(id) ?? 0} />;
  },
});
