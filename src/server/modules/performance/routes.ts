import type { AnyRoute } from '../../http/route.ts';
import { configRoutes } from './config.ts';
import { configPreviewRoutes } from './config-preview.ts';
import { efficiencyRoutes } from './efficiency.ts';
import { portfolioRoutes } from './portfolio.ts';
import { portfolioProductionRoutes } from './portfolio-production.ts';
import { ratingRoutes } from './rating.ts';

/**
 * The routes of the performance evaluation beyond the statements (issue 16): its configuration
 * (measures, formulas, items, grade bands), the rating and efficiency calls and the portfolio's
 * screens.
 */
export const performanceRoutes: AnyRoute[] = [
  ...configRoutes,
  ...configPreviewRoutes,
  ...ratingRoutes,
  ...efficiencyRoutes,
  ...portfolioRoutes,
  ...portfolioProductionRoutes,
];
