import type { AnyRoute } from '../../http/route.ts';

/**
 * The routes of the performance evaluation beyond the statements (issue 16): its configuration
 * (measures, formulas, items, grade bands), the rating and efficiency calls and the portfolio's
 * screens.
 */
export const performanceRoutes: AnyRoute[] = [];
