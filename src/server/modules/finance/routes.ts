import type { AnyRoute } from '../../http/route.ts';
import { bulkMoveRoutes } from './bulk.ts';
import { chartRoutes } from './chart.ts';
import { entryRoutes } from './entry.ts';
import { evaluationRoutes } from './evaluation.ts';
import { importRoutes } from './import.ts';
import { matrixRoutes } from './matrix.ts';
import { moveRoutes } from './moves.ts';
import { statementRoutes } from './statements.ts';

/** The routes of financial statements and performance evaluation (issue 16). */
export const financeRoutes: AnyRoute[] = [
  ...statementRoutes,
  ...moveRoutes,
  ...matrixRoutes,
  ...bulkMoveRoutes,
  ...evaluationRoutes,
  ...entryRoutes,
  ...importRoutes,
  ...chartRoutes,
];
