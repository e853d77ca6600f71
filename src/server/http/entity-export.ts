import { type SQL, sql } from 'drizzle-orm';
import type { EntityDescription, EntityField } from '../../contract/entity.ts';
import type { ListSpec } from './list.ts';

/**
 * One column of a list's Excel/CSV export and of its import template. `key` aliases the SELECT
 * expression; `kind` says how a cell is written and read: text, a code shown by its Persian
 * `labels`, an amount in IRR (numeric cell, thousands format), an integer, an ISO date written as
 * Jalali text `yyyy/mm/dd`, or a yes/no. `input` is the create form's field the column fills on
 * import (none: export only); `ref` names rows the import looks up by name to get that id, and
 * `province` the column that tells apart cities of the same name.
 */
export interface ExportColumn {
  key: string;
  header: string;
  expr: SQL;
  kind: 'text' | 'code' | 'amount' | 'int' | 'date' | 'bool';
  labels?: Record<string, string>;
  /** Excel column width in characters. */
  width: number;
  input?: string;
  ref?: 'city' | 'industry' | 'legal_person';
  province?: string;
}

/** A list's export: the list it filters and sorts like, its FROM (the list's, plus joins) and columns. */
export interface ExportSpec {
  list: ListSpec;
  from: SQL;
  columns: ExportColumn[];
  /** Sheet name and file name stem (Persian). */
  title: string;
}

function cellKind(f: EntityField): ExportColumn['kind'] {
  if (f.type === 'bool' || f.type === 'date' || f.type === 'amount' || f.type === 'int') return f.type;
  return f.type === 'enum' && f.optionLabels ? 'code' : 'text';
}

/**
 * The export of an entity's list (and its import template) from its description: every field
 * with `sheet`, in the description's order, its header the field's label (or `sheet.header`), its
 * cell written by the field's type (an enum by its Persian labels). A ref is written by name:
 * `names` gives that name's SQL, and the column's key drops `_id`. `columns` are the fields' SQL
 * as the list reads them; `from` is the list's FROM with the joins `names` need.
 */
export function entityExportSpec<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
  source: {
    list: ListSpec;
    from: SQL;
    columns: { [K in keyof F]: SQL };
    names: Partial<Record<keyof F, SQL>>;
  },
): ExportSpec {
  const columns: ExportColumn[] = [];
  for (const [name, f] of Object.entries(entity.fields) as [keyof F & string, EntityField][]) {
    if (!f.sheet) continue;
    const expr = source.names[name] ?? source.columns[name];
    columns.push({
      key: f.sheet.ref ? name.replace(/_id$/, '') : name,
      header: f.sheet.header ?? f.label,
      expr: f.type === 'date' || f.type === 'amount' ? sql`(${expr})::text` : expr,
      kind: cellKind(f),
      labels: f.type === 'enum' ? f.optionLabels : undefined,
      width: f.sheet.width,
      input: f.form ? name : undefined,
      ref: f.sheet.ref,
      province: f.sheet.province,
    });
  }
  return { list: source.list, from: source.from, columns, title: entity.plural };
}
