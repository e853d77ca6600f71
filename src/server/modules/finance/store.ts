import { sql } from 'drizzle-orm';
import type { ChartItem } from '../../../domain/finance/chart.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/** The chart of line items in layout order (domain/finance/chart.ts `ChartItem`), inactive items included. */
export const readChart = (db: Db) =>
  queryRows<ChartItem>(
    db,
    sql`SELECT code, name_fa AS "nameFa", statement_kind AS "statementKind", parent_code AS parent,
          sign::int AS sign, is_total AS "isTotal", unit, position, builtin, active
        FROM statement_items ORDER BY position, code`,
  );
