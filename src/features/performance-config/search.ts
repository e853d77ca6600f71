import { z } from 'zod';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';

/** The URL schema of the measures' and formulas' lists (q only: whole lists; imported by the route files). */
export const configListSearch = listSearchSchema([]);

/** /performance/items: the list's q, and `view=bands` for the grade bands' table. */
export type ItemsSearch = ListSearch & { view?: 'bands' };
const view = z.object({ view: z.literal('bands').optional().catch(undefined) });
export const itemsSearch = (input: Record<string, unknown>): ItemsSearch => ({
  ...configListSearch.parse(input),
  ...view.parse(input),
});
