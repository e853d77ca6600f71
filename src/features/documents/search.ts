import { listSearchSchema } from '~/ui/data-table/search-params.ts';

/** The /management/document-types/list URL schema (q and sort only; imported by the route file). */
export const documentTypesSearch = listSearchSchema([]);
