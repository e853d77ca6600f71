import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { listSearchSchema } from '../data-table/search-params.ts';
import type { FilterDef } from '../data-table/types.ts';

/**
 * The list filters of an entity: every field with `filter`, keyed by the field's name in the URL
 * and the API alike (or by its `filterAs` names), in the description's order or `filterAs.order`, leaving out those
 * `apiOnly`. Enums (and text with `options`) offer their labels; refs load their options
 * (lib/options.ts); numbers and dates are compared in the filter builder only.
 */
export function entityFilters<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
): FilterDef[] {
  const out: { def: FilterDef; at: number }[] = [];
  for (const [key, f] of Object.entries(entity.fields)) {
    if (!f.filter?.length || f.apiOnly) continue;
    const named = f.filterAs ? { key: f.filterAs.url ?? key, field: f.filterAs.api ?? key } : { key };
    const base = { ...named, label: f.filterAs?.label ?? f.label, builderOnly: f.builderOnly };
    out.push({ def: filterOf(f, base), at: f.filterAs?.order ?? out.length });
  }
  return out.sort((a, b) => a.at - b.at).map((o) => o.def);
}

type FilterBase = Pick<FilterDef, 'key' | 'field' | 'label' | 'builderOnly'>;

/** One field's filter: its control by the field's type. */
function filterOf(f: EntityField, base: FilterBase): FilterDef {
  if (f.type === 'enum' || (f.type === 'text' && f.options))
    return {
      ...base,
      kind: 'enum',
      options: (f.options ?? []).map((v) => ({ value: v, label: f.optionLabels?.[v] ?? v })),
    };
  if (f.type === 'ref' && f.optionsFrom)
    return {
      ...base,
      kind: 'enum',
      loadOptions: OPTION_LOADERS[f.optionsFrom],
      optionsKey: optionKey(f.optionsFrom),
    };
  if (f.type === 'bool')
    return { ...base, kind: 'boolean', trueLabel: f.filterAs?.yes, falseLabel: f.filterAs?.no };
  // A text filter matches as its first text operator says (`contains` a part, `eq` the whole).
  if (f.type === 'text')
    return { ...base, kind: 'text', op: f.filter?.find((o) => o === 'contains' || o === 'eq') ?? 'eq' };
  if (f.type === 'date' || f.type === 'timestamp') return { ...base, kind: 'date', builderOnly: true };
  return { ...base, kind: 'number', builderOnly: true };
}

/** The URL schema of an entity's list (its route's validateSearch): q, sort, af and its filters. */
export const entitySearch = <F extends Record<string, EntityField>>(entity: EntityDescription<F>) =>
  listSearchSchema(entityFilters(entity));
