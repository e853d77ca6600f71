import { queryOptions } from '@tanstack/react-query';
import type { StatementDetail, StatementRow } from '~/contract/financial-statements.ts';
import { statementEntity } from '~/contract/financial-statements.ts';
import { entityApi, itemPath } from '~/lib/entity-api.ts';
import { api } from '~/lib/http.ts';

/** The statements' list calls (contract `statementEntity`). */
export const statementsApi = entityApi<
  (typeof statementEntity)['fields'],
  StatementRow & Record<string, unknown>
>(statementEntity);

/** GET /api/performance/financial-statements/:id: one statement with its years, checks and moves. */
export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: [...statementsApi.keys.all, 'detail', id],
    queryFn: ({ signal }) =>
      api<StatementDetail>(itemPath(statementEntity.paths.item!, id), { signal, quiet: true }),
  });
