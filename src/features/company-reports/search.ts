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
 * companies that have rows (`companiesPath`).
 */
function reportFilters<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
  companiesPath: string,
  skip: readonly string[] = [],
): FilterDef[] {
  return entityFilters(entity)
    .filter((f) => !skip.includes(f.key))
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

// The publish instant stays an API filter; people filter by its day in Tehran (published_date).
export const codalFilters = reportFilters(codalEntity, '/api/person/codal-infos/companies', ['published_at']);
export const codalSearch = listSearchSchema(codalFilters);

export const minutesFilters = reportFilters(minutesEntity, '/api/person/meeting-minutes/companies');
export const minutesSearch = listSearchSchema(minutesFilters);
