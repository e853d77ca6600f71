import type { AnyRoute } from '../../http/route.ts';
import { codalRoutes } from './codal.ts';
import { capacityRoutes, monthlyRoutes, productReportRoutes } from './company-rows.ts';
import { minutesRoutes } from './minutes.ts';

/**
 * The company reports area (issue 5; shapes in contract/company-reports.ts): a company's product
 * reports, production capacities and monthly performance reports under
 * `/api/person/legal-persons/:id/…`, and the cross-company Codal disclosures
 * (`/api/person/codal-infos`) and minutes (`/api/person/meeting-minutes`).
 */
export const companyReportRoutes: AnyRoute[] = [
  ...productReportRoutes,
  ...capacityRoutes,
  ...monthlyRoutes,
  ...codalRoutes,
  ...minutesRoutes,
];
