import { createFileRoute } from '@tanstack/react-router';
import { capacityEntity } from '~/contract/company-reports.ts';
import { prefetchCompanyRows } from '~/features/company-reports/api.ts';
import { CompanyReportScreen } from '~/features/company-reports/company-rows-screen.tsx';
import { capacities } from '~/features/company-reports/reports.tsx';

/** A company's production capacity per product and year, with utilisation. */
export const Route = createFileRoute('/person/legal-persons/production-capacity/$id')({
  loader: ({ context, params }) => prefetchCompanyRows(context.queryClient, capacityEntity, params.id),
  component: () => <CompanyReportScreen report={capacities} />,
});
