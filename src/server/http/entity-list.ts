import { type SQL, sql } from 'drizzle-orm';
import type { EntityDescription, EntityField, EntityFieldType } from '../../contract/entity.ts';
import { type FieldType, isoTimestamp, type ListSpec, type SortDef } from './list.ts';

/** The list engine's comparison type of each entity field type. */
const LIST_TYPE: Readonly<Record<EntityFieldType, FieldType>> = {
  text: 'text',
  int: 'int',
  amount: 'numeric',
  bool: 'bool',
  date: 'date',
  timestamp: 'timestamp',
  enum: 'text',
  ref: 'int',
};

/** Where an entity's list reads from: its FROM clause and the SQL expression of every field. */
export interface EntitySource<F extends Record<string, EntityField>> {
  from: SQL;
  /** One expression per field (a column, or a join's column): the same for select, sort and filter. */
  columns: { [K in keyof F]: SQL };
  /** The normalised search text the list's `q` matches (domain/persian-text searchKey in SQL). */
  search?: SQL;
  where?: SQL;
  countFrom?: SQL;
  /** How a sort key meets the index that serves it (list-spec.ts SortDef `nulls`, `tie`). */
  sortIndex?: Partial<Record<keyof F, Pick<SortDef, 'nulls' | 'tie'>>>;
  /** A filter over a set related to the row (its labels): list-spec.ts FilterDef `anyOf`. */
  anyOf?: Partial<Record<keyof F, (values: SQL) => SQL>>;
  /** Select-list items that are not fields (a row's label chips), already aliased. */
  extraSelect?: SQL;
}

/** A field's expression as the answer reads it: timestamps as ISO 8601 UTC text, dates as `YYYY-MM-DD`, amounts as decimal text. */
function selected(type: EntityFieldType, expr: SQL): SQL {
  if (type === 'timestamp') return isoTimestamp(expr);
  return type === 'date' || type === 'amount' ? sql`(${expr})::text` : expr;
}

/**
 * The list spec of an entity (http/list.ts) from its description (contract/entity.ts) and where
 * its fields live in SQL: the select list aliases every field to its API name (timestamps as ISO
 * text, dates as ISO dates; fields `notInRow` are not selected), `sort: true` fields become sort
 * keys and fields with `filter` become filters accepting exactly those operators (named
 * `filterAs.api` when given; a `many` field matches any value), so the client's columns and
 * filter builder, the API and the SQL read
 * one list of names.
 */
export function entityListSpec<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
  source: EntitySource<F>,
): ListSpec {
  const fields = Object.entries(entity.fields) as [keyof F & string, EntityField][];
  const items = fields
    .filter(([, f]) => !f.notInRow)
    .map(([name, f]) => sql`${selected(f.type, source.columns[name])} AS ${sql.identifier(name)}`);
  const select = sql.join(source.extraSelect ? [...items, source.extraSelect] : items, sql`, `);
  const sorts: ListSpec['sorts'] = {};
  const filters: ListSpec['filters'] = {};
  for (const [name, f] of fields) {
    const def = { expr: source.columns[name], type: LIST_TYPE[f.type], nullable: f.nullable };
    if (f.sort) sorts[name] = { ...def, ...source.sortIndex?.[name] };
    // A list field (`many`) matches when it holds any of the values asked for.
    const own = source.anyOf?.[name];
    const many = own
      ? { anyOf: own }
      : f.many
        ? { anyOf: (values: SQL) => sql`${def.expr} && ${values}` }
        : {};
    if (f.filter?.length) filters[f.filterAs?.api ?? name] = { ...def, ops: f.filter, ...many };
  }
  return {
    select,
    from: source.from,
    countFrom: source.countFrom,
    id: source.columns[entity.id],
    search: source.search,
    where: source.where,
    sorts,
    defaultSort: entity.defaultSort,
    defaultDescending: entity.defaultDescending,
    filters,
  };
}
