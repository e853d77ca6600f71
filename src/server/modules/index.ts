import type { AnyRoute } from '../http/route.ts';
import { accountRoutes } from './account/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { logRoutes } from './logs/routes.ts';
import { managementRoutes } from './management/routes.ts';
import { personRoutes } from './persons/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { resumeRoutes } from './resume/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { systemRoutes } from './system/routes.ts';

/** Every API route of the product, in one list (mounted by app.ts, documented by OpenAPI). */
export const allRoutes: AnyRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...managementRoutes,
  ...logRoutes,
  ...personRoutes,
  ...searchRoutes,
  ...referenceRoutes,
  ...resumeRoutes,
];
