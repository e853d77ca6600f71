import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { type CompanyOption, companyOption } from '../../../contract/company-reports.ts';
import { type EntityDescription, type EntityField, rowSchema } from '../../../contract/entity.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import type { codalInfos, meetingMinutes } from '../../db/schema/index.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';

/**
 * The two reads of a report listed across companies (Codal disclosures, minutes), with the
 * entity's list permission:
 * - GET `entity.paths.list` — `ListPage<row>`: paged, sorted and filtered as the entity describes
 *   (http/entity-list.ts; a sort key or operator it does not offer → 422 in Persian), `q` on
 *   `source.search`;
 * - GET `companiesPath` — `CompanyOption[]` by name: the live companies that have rows in `table`
 *   (the company filter's options).
 */
export function crossCompanyLists<F extends Record<string, EntityField>>(spec: {
  entity: EntityDescription<F>;
  source: EntitySource<F>;
  table: typeof codalInfos | typeof meetingMinutes;
  companiesPath: string;
  summary: { list: string; companies: string };
}): AnyRoute[] {
  const { entity } = spec;
  const list = entityListSpec(entity, spec.source);
  return [
    defineRoute({
      method: 'get',
      path: entity.paths.list,
      permission: entity.permissions.list,
      summary: spec.summary.list,
      tags: ['company-reports'],
      query: listQuerySchema,
      response: listPageOf(rowSchema(entity)),
      handler: ({ db, query }) => listPage(db, list, query),
    }),
    defineRoute({
      method: 'get',
      path: spec.companiesPath,
      permission: entity.permissions.list,
      summary: spec.summary.companies,
      tags: ['company-reports'],
      response: z.array(companyOption),
      handler: ({ db }) =>
        queryRows<CompanyOption>(
          db,
          sql`SELECT DISTINCT lp.id, lp.name FROM ${spec.table} x JOIN legal_persons lp ON lp.id = x.legal_person_id
              WHERE lp.deleted_at IS NULL ORDER BY lp.name`,
        ),
    }),
  ];
}
