import { type SQL, sql } from 'drizzle-orm';
import type { EntityDescription, EntityField } from '../../../contract/entity.ts';
import { legalPersonEntity } from '../../../contract/legal-person.ts';
import { truePersonEntity } from '../../../contract/true-person.ts';
import { entityExportSpec } from '../../http/entity-export.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import type { ListSpec } from '../../http/list.ts';
import { LATEST_ARTICLE_141 } from '../finance/company-verdicts.ts';
import { labelChipsSelect, labelFilter, labelIdsColumn } from '../labels/list-sql.ts';
import { STATE_CLASS_SQL } from '../ownership/classes.ts';

export type { ExportColumn, ExportSpec } from '../../http/entity-export.ts';

/** SQL fragments are static text: every user value travels as a parameter. */
const r = (text: string) => sql.raw(text);

/** What tells one persons list from the other, around its description: all static SQL text. */
interface PersonTable<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  table: string;
  alias: string;
  /** The city column whose province `province_id` filters by. */
  city: string;
  /** The joins the list reads (names of its references). */
  joins: string;
  /** A field's SQL when it is not the column of the same name (a joined name). */
  columns: Partial<Record<keyof F, string>>;
  sortIndex?: EntitySource<F>['sortIndex'];
}

/** Every field's SQL: the table's column of the field's name, or the kind's own expression. */
function fieldColumns<F extends Record<string, EntityField>>(kind: PersonTable<F>) {
  const { alias: a, entity } = kind;
  return Object.fromEntries(
    Object.keys(entity.fields).map((name) => [name, r(kind.columns[name] ?? `${a}.${name}`)]),
  ) as { [K in keyof F]: SQL };
}

/**
 * A persons list from its description (contract/legal-person.ts, true-person.ts) through the
 * entity list engine (http/entity-list.ts), with what both persons lists share: the row's
 * `labels`, soft-deleted rows left out, `q` on `search_text`, the count without joins, sort and
 * filter on `created_at`, filters `is_demo`, `label` and `province_id` (the province of the city
 * column, as a semi-join so the count needs no join).
 */
function personListSpec<F extends Record<string, EntityField>>(kind: PersonTable<F>): ListSpec {
  const { alias: a, entity } = kind;
  const columns = fieldColumns(kind);
  const id = `${a}.id`;
  const spec = entityListSpec(entity, {
    from: r(`${kind.table} ${a} ${kind.joins}`),
    countFrom: r(`${kind.table} ${a}`),
    // Soft-deleted records (bulk delete) are gone from every list.
    where: r(`${a}.deleted_at IS NULL`),
    search: r(`${a}.search_text`),
    columns: {
      ...columns,
      label: labelIdsColumn(entity.name, id),
    },
    sortIndex: kind.sortIndex,
    anyOf: { label: labelFilter(entity.name, id) } as EntitySource<F>['anyOf'],
    extraSelect: labelChipsSelect(entity.name, id),
  });
  // sorts by a joined name (the industry's, the province's) need the joins to find a far block
  const sorts = Object.fromEntries(
    Object.entries(spec.sorts).map(([k, def]) => [k, k in kind.columns ? { ...def, joined: true } : def]),
  );
  return {
    ...spec,
    sorts: { ...sorts, created_at: { expr: r(`${a}.created_at`), type: 'timestamp' } },
    filters: {
      ...spec.filters,
      province_id: {
        expr: r(`(SELECT c2.province_id FROM cities c2 WHERE c2.id = ${a}.${kind.city})`),
        type: 'int',
        anyOf: (ids: SQL) =>
          sql`${r(`${a}.${kind.city}`)} IN (SELECT c2.id FROM cities c2 WHERE c2.province_id = ANY(${ids}))`,
      },
      is_demo: { expr: r(`${a}.is_demo`), type: 'bool' },
      created_at: { expr: r(`${a}.created_at`), type: 'timestamp' },
    },
  };
}

const LEGAL: PersonTable<typeof legalPersonEntity.fields> = {
  entity: legalPersonEntity,
  table: 'legal_persons',
  alias: 'lp',
  city: 'registration_city_id',
  joins: `LEFT JOIN industries i ON i.id = lp.industry_id
    LEFT JOIN cities c ON c.id = lp.registration_city_id
    LEFT JOIN provinces p ON p.id = c.province_id`,
  columns: {
    province: 'p.name',
    industry: 'i.name',
    article_141: LATEST_ARTICLE_141,
    state_class: STATE_CLASS_SQL,
  },
  // served by legal_persons_capital_idx (registered_capital DESC NULLS LAST, id)
  sortIndex: { registered_capital: { nulls: 'low', tie: 'opposite' } },
};

const TRUE: PersonTable<typeof truePersonEntity.fields> = {
  entity: truePersonEntity,
  table: 'true_persons',
  alias: 'tp',
  city: 'birth_city_id',
  joins: 'LEFT JOIN cities c ON c.id = tp.birth_city_id',
  columns: { birth_city: 'c.name', birth_province: 'bp.name' },
};

/** The legal persons list (GET /api/person/legal-persons); row shape `LegalPersonRow`. */
export const legalPersonsList = personListSpec(LEGAL);

/** The true persons list (GET /api/person/true-persons); row shape `TruePersonRow`. */
export const truePersonsList = personListSpec(TRUE);

/** Picker rows of legal persons (GET /api/person/all-legal-persons); `LegalPickerRow`. */
export const legalPickerList: ListSpec = {
  select: r('lp.id, lp.name, lp.national_id'),
  from: r('legal_persons lp'),
  id: r('lp.id'),
  search: r('lp.search_text'),
  where: r('lp.deleted_at IS NULL'),
  sorts: { name: { expr: r('lp.name'), type: 'text' }, id: { expr: r('lp.id'), type: 'int' } },
  defaultSort: 'name',
  filters: {
    kind: { expr: r('lp.kind'), type: 'text' },
    is_listed: { expr: r('lp.is_listed'), type: 'bool' },
  },
};

/**
 * Picker rows of both kinds (GET /api/person/all-persons); `PersonPickerRow`. `key` = id·2 for
 * legal persons and id·2 + 1 for true persons, unique across both.
 */
export const personPickerList: ListSpec = {
  select: r('ap.key, ap.type, ap.id, ap.name, ap.national_id'),
  from: r(`(SELECT id * 2 AS key, 'legal' AS type, id, name, national_id, search_text FROM legal_persons
    WHERE deleted_at IS NULL
    UNION ALL
    SELECT id * 2 + 1, 'true', id, first_name || ' ' || last_name, national_code, search_text
    FROM true_persons WHERE deleted_at IS NULL) ap`),
  id: r('ap.key'),
  search: r('ap.search_text'),
  sorts: { name: { expr: r('ap.name'), type: 'text' } },
  defaultSort: 'name',
  filters: { type: { expr: r('ap.type'), type: 'text' } },
};

// Export columns (also the import template), from the descriptions' `sheet` fields; read by
// server/modules/transfer. They reuse the list's FROM, filters and sorts.

/** Legal persons: the fields of `legalPersonInput`, references by name. */
export const legalPersonsExport = entityExportSpec(legalPersonEntity, {
  list: legalPersonsList,
  from: sql`${legalPersonsList.from} LEFT JOIN legal_persons sb ON sb.id = lp.supervising_body_id`,
  columns: fieldColumns(LEGAL),
  names: { registration_city_id: r('c.name'), industry_id: r('i.name'), supervising_body_id: r('sb.name') },
});

/** True persons: the fields of `truePersonInput`, the birth city by name (and province). */
export const truePersonsExport = entityExportSpec(truePersonEntity, {
  list: truePersonsList,
  from: sql`${truePersonsList.from} LEFT JOIN provinces bp ON bp.id = c.province_id`,
  columns: fieldColumns(TRUE),
  names: { birth_city_id: r('c.name') },
});
