import { codalEntity, minutesEntity } from '~/contract/company-reports.ts';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';
import { entityFilters } from '~/ui/entity/filters.ts';
import { companyOptions } from './api.ts';

/**
 * The Codal and minutes lists' filters and URL schemas, from their descriptions, apart from the
 * screens so the route files (in the main bundle) pull in only this. The company filter is each
 * list's own: keyed `company` in the URL (links already shared use it) and offering the
 * companies that have rows (`<list path>/companies`). A timestamp stays an API filter: people
 * filter by its day (the Codal publish day in Tehran).
 */
export function reportFilters<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): FilterDef[] {
  const companiesPath = `${entity.paths.list}/companies`;
  return entityFilters(entity)
    .filter((f) => entity.fields[f.key]?.type !== 'timestamp')
    .map((f) =>
      f.key === 'legal_person_id'
        ? {
            key: 'company',
            field: 'legal_person_id',
            kind: 'enum',
            label: f.label,
            loadOptions: companyOptions(companiesPath),
            optionsKey: ['company-reports', entity.name, 'companies'],
          }
        : f,
    );
}

export const codalSearch = listSearchSchema(reportFilters(codalEntity));
export const minutesSearch = listSearchSchema(reportFilters(minutesEntity));
