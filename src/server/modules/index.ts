import type { AnyRoute } from '../http/route.ts';
import { accountRoutes } from './account/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { boardRoutes } from './boards/routes.ts';
import { branchRoutes } from './branches/routes.ts';
import { bulkRoutes } from './bulk/routes.ts';
import { cityRoutes } from './cities/routes.ts';
import { companyReportRoutes } from './company-reports/routes.ts';
import { contactRoutes } from './contacts/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { industryRoutes } from './industries/routes.ts';
import { correspondenceRoutes } from './issues/correspondence-routes.ts';
import { issueDetailRoutes } from './issues/detail-routes.ts';
import { issueExportRoutes } from './issues/export-routes.ts';
import { issueFollowRoutes } from './issues/follow-routes.ts';
import { issueRoutes } from './issues/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { labelRoutes } from './labels/routes.ts';
import { logRoutes } from './logs/routes.ts';
import { managementRoutes } from './management/routes.ts';
import { messageRoutes } from './notifications/messages.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { notificationSchemaRoutes } from './notifications/schemas.ts';
import { boardsOwnershipRoutes } from './ownership/boards-routes.ts';
import { bodsOwnershipRoutes } from './ownership/bods-routes.ts';
import { ownershipRoutes } from './ownership/routes.ts';
import { structureOwnershipRoutes } from './ownership/structure-routes.ts';
import { performanceRoutes } from './performance/routes.ts';
import { personRoutes } from './persons/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { resumeRoutes } from './resume/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { shareholderRoutes } from './shareholders/routes.ts';
import { statusReportRoutes } from './status-report/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { transferRoutes } from './transfer/routes.ts';

/**
 * Every API route of the product, in one list (mounted by app.ts, documented by OpenAPI). Its
 * order does not matter: numeric path parameters match digits only, so no two routes match the
 * same request (tests/api/route-table.test.ts).
 */
export const allRoutes: AnyRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...preferenceRoutes,
  ...managementRoutes,
  ...logRoutes,
  ...bulkRoutes,
  ...transferRoutes,
  ...personRoutes,
  ...documentRoutes,
  ...contactRoutes,
  ...branchRoutes,
  ...boardRoutes,
  ...shareholderRoutes,
  ...labelRoutes,
  ...searchRoutes,
  ...referenceRoutes,
  ...resumeRoutes,
  ...statusReportRoutes,
  ...companyReportRoutes,
  ...cityRoutes,
  ...financeRoutes,
  ...performanceRoutes,
  ...ownershipRoutes,
  ...issueRoutes,
  ...issueDetailRoutes,
  ...issueFollowRoutes,
  ...correspondenceRoutes,
  ...issueExportRoutes,
  ...bodsOwnershipRoutes,
  ...structureOwnershipRoutes,
  ...boardsOwnershipRoutes,
  ...industryRoutes,
  ...jobRoutes,
  ...notificationRoutes,
  ...messageRoutes,
  ...notificationSchemaRoutes,
];
