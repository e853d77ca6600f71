import { legalPersonEntity } from '~/contract/legal-person.ts';
import { truePersonEntity } from '~/contract/true-person.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import { entityFilters } from '~/ui/entity/filters.ts';

/**
 * The persons lists' filters and their URL schemas, from the descriptions (contract/legal-person.ts,
 * true-person.ts). Kept apart from the screens so the route files (in the main bundle) pull in
 * only this and zod, not the screens.
 */

export const legalPersonFilters = entityFilters(legalPersonEntity);
export const legalPersonsSearch = listSearchSchema(legalPersonFilters);

export const truePersonFilters = entityFilters(truePersonEntity);
export const truePersonsSearch = listSearchSchema(truePersonFilters);

/** Each kind's filters, by its list name. */
export const PERSON_FILTERS = { legal: legalPersonFilters, true: truePersonFilters };
