import { createFileRoute, notFound } from '@tanstack/react-router';
import { productReportsQuery } from '~/features/company-reports/api.ts';
import { ProductReportsScreen } from '~/features/company-reports/product-reports-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** A company's product reports by fiscal year and period, with the planned-against-produced chart. */
export const Route = createFileRoute('/person/legal-persons/product-reports/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(productReportsQuery(id));
  },
  component: function ProductReports() {
    const { id } = Route.useParams();
    return <ProductReportsScreen id={parseId(id) ?? 0} />;
  },
});
