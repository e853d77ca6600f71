import type { AnyRoute } from '../http/route.ts';
import { systemRoutes } from './system/routes.ts';

/** Every API route of the product, in one list (mounted by app.ts, documented by OpenAPI). */
export const allRoutes: AnyRoute[] = [...systemRoutes];
