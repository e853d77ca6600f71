import type { OptionSource } from '~/contract/entity.ts';
import type { EnumOption } from '~/ui/data-table/types.ts';
import { api } from './http.ts';
import { fetchIndustryOptions } from './records.ts';

interface Named {
  id: number;
  name: string;
}

/**
 * The option lists entity fields name (`optionsFrom` in contract/entity.ts), each a call the
 * filter bar, the filter builder and the forms load once through TanStack Query under
 * `optionKey(source)`.
 */
export const OPTION_LOADERS: Readonly<Record<OptionSource, () => Promise<EnumOption[]>>> = {
  /** GET /api/provinces: the 31 provinces, by name. */
  provinces: async () =>
    (await api<Named[]>('/api/provinces', { quiet: true })).map((p) => ({ value: p.id, label: p.name })),
  industries: fetchIndustryOptions,
};

export const optionKey = (source: OptionSource) => ['options', source] as const;
