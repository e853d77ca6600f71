import { createFileRoute } from '@tanstack/react-router';
import { productReportEntity } from '~/contract/company-reports.ts';
import { prefetchCompanyRows } from '~/features/company-reports/api.ts';
import { CompanyReportScreen } from '~/features/company-reports/company-rows-screen.tsx';
import { productReports } from '~/features/company-reports/reports.tsx';

/** A company's product reports by fiscal year and period, with the planned-against-produced chart. */
export const Route = createFileRoute('/person/legal-persons/product-reports/$id')({
  loader: ({ context, params }) => prefetchCompanyRows(context.queryClient, productReportEntity, params.id),
  component: () => <CompanyReportScreen report={productReports} />,
});
