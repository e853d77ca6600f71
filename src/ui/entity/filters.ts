import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { listSearchSchema } from '../data-table/search-params.ts';
import type { FilterDef } from '../data-table/types.ts';

/**
 * The list filters of an entity: every field with `filter`, keyed by the field's name in the URL
 * and the API alike (or by its `filterAs` names). Enums offer their labels; refs load their options (lib/options.ts); numbers
 * and dates are compared in the filter builder only.
 */
export function entityFilters<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): FilterDef[] {
  const out: FilterDef[] = [];
  for (const [key, f] of Object.entries(entity.fields)) {
    if (!f.filter?.length) continue;
    const named = f.filterAs ? { key: f.filterAs.url ?? key, field: f.filterAs.api ?? key } : { key };
    const base = { ...named, label: f.filterAs?.label ?? f.label, builderOnly: f.builderOnly };
    if (f.type === 'enum')
      out.push({
        ...base,
        kind: 'enum',
        options: (f.options ?? []).map((v) => ({ value: v, label: f.optionLabels?.[v] ?? v })),
      });
    else if (f.type === 'ref' && f.optionsFrom)
      out.push({
        ...base,
        kind: 'enum',
        loadOptions: OPTION_LOADERS[f.optionsFrom],
        optionsKey: optionKey(f.optionsFrom),
      });
    else if (f.type === 'bool') out.push({ ...base, kind: 'boolean' });
    else if (f.type === 'text')
      out.push({ ...base, kind: 'text', op: f.filter.includes('contains') ? 'contains' : 'eq' });
    else if (f.type === 'date' || f.type === 'timestamp')
      out.push({ ...base, kind: 'date', builderOnly: true });
    else out.push({ ...base, kind: 'number', builderOnly: true });
  }
  return out;
}

/** The URL schema of an entity's list (its route's validateSearch): q, sort, af and its filters. */
export const entitySearch = <F extends Record<string, EntityField>>(entity: EntityDescription<F>) =>
  listSearchSchema(entityFilters(entity));
