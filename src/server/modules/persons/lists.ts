import { type SQL, sql } from 'drizzle-orm';
import { LEGAL_KIND_LABELS, LEGAL_STATUS_LABELS } from '../../../contract/persons.ts';
import { GENDER_LABELS } from '../../../contract/resume-codes.ts';
import type { FieldType, ListSpec } from '../../http/list.ts';

/** SQL fragments are static text: every user value travels as a parameter. */
const r = (text: string) => sql.raw(text);

/**
 * A row's labels as `LabelChip[]` (contract/labels.ts), by name: `labels` of both persons lists.
 * `type` and `id` are static SQL text (the entity type and the row's id column).
 */
const labelChips = (type: string, id: string) =>
  `COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY l.name)
    FROM entity_labels el JOIN labels l ON l.id = el.label_id
    WHERE el.entity_type = '${type}' AND el.entity_id = ${id}), '[]'::json) AS labels`;

/**
 * The `label` filter (eq or in label ids): rows carrying one of the labels. Written as a
 * semi-join on entity_labels' primary key (label_id, entity_type, entity_id).
 */
const labelFilter = (type: string, id: string) => ({
  expr: r(
    `ARRAY(SELECT el.label_id FROM entity_labels el WHERE el.entity_type = '${type}' AND el.entity_id = ${id})`,
  ),
  type: 'int' as const,
  anyOf: (ids: SQL) =>
    sql`${r(id)} IN (SELECT el.entity_id FROM entity_labels el WHERE el.entity_type = ${type} AND el.label_id = ANY(${ids}))`,
});

/**
 * What both persons lists share, around a kind's own columns, sorts and filters: the row's
 * `labels`, soft-deleted rows left out, `q` on `search_text`, the count without joins, sort and
 * filter on `created_at`, filters `is_demo`, `label` and `province_id` (the province of the city
 * column `city`, as a semi-join so the count needs no join). `table`, `alias`, `type` and `city`
 * are static SQL text.
 */
function personListSpec(kind: {
  table: string;
  alias: string;
  /** The entity type of its labels (`legal_person`). */
  type: string;
  /** The city column whose province `province_id` filters by. */
  city: string;
  /** The kind's own select list, and the joins it reads. */
  select: string;
  joins: string;
  sorts: ListSpec['sorts'];
  defaultSort: string;
  filters: ListSpec['filters'];
}): ListSpec {
  const { alias: a } = kind;
  return {
    select: r(`${kind.select}, ${labelChips(kind.type, `${a}.id`)}`),
    from: r(`${kind.table} ${a} ${kind.joins}`),
    countFrom: r(`${kind.table} ${a}`),
    id: r(`${a}.id`),
    search: r(`${a}.search_text`),
    // Soft-deleted records (bulk delete) are gone from every list.
    where: r(`${a}.deleted_at IS NULL`),
    sorts: { ...kind.sorts, created_at: { expr: r(`${a}.created_at`), type: 'timestamp' } },
    defaultSort: kind.defaultSort,
    filters: {
      ...kind.filters,
      province_id: {
        expr: r(`(SELECT c2.province_id FROM cities c2 WHERE c2.id = ${a}.${kind.city})`),
        type: 'int',
        anyOf: (ids: SQL) =>
          sql`${r(`${a}.${kind.city}`)} IN (SELECT c2.id FROM cities c2 WHERE c2.province_id = ANY(${ids}))`,
      },
      is_demo: { expr: r(`${a}.is_demo`), type: 'bool' },
      created_at: { expr: r(`${a}.created_at`), type: 'timestamp' },
      label: labelFilter(kind.type, `${a}.id`),
    },
  };
}

/** Filters on columns of `alias`, each under its column's name: `[name, type]` pairs. */
const columnFilters = (alias: string, cols: [string, FieldType][]): ListSpec['filters'] =>
  Object.fromEntries(cols.map(([name, type]) => [name, { expr: r(`${alias}.${name}`), type }]));

/** The legal persons list (GET /api/person/legal-persons); row shape `LegalPersonRow`. */
export const legalPersonsList = personListSpec({
  table: 'legal_persons',
  alias: 'lp',
  type: 'legal_person',
  city: 'registration_city_id',
  select: `lp.id, lp.name, lp.kind, lp.national_id, lp.ticker, i.name AS industry, lp.ownership_type,
    lp.status, lp.registered_capital::text AS registered_capital, lp.employees, lp.is_listed, lp.is_demo,
    p.name AS province`,
  joins: `LEFT JOIN industries i ON i.id = lp.industry_id
    LEFT JOIN cities c ON c.id = lp.registration_city_id
    LEFT JOIN provinces p ON p.id = c.province_id`,
  sorts: {
    name: { expr: r('lp.name'), type: 'text' },
    national_id: { expr: r('lp.national_id'), type: 'text', nullable: true },
    // served by legal_persons_capital_idx (registered_capital DESC NULLS LAST, id)
    registered_capital: {
      expr: r('lp.registered_capital'),
      type: 'numeric',
      nullable: true,
      nulls: 'low',
      tie: 'opposite',
    },
    employees: { expr: r('lp.employees'), type: 'int', nullable: true },
    ticker: { expr: r('lp.ticker'), type: 'text', nullable: true },
  },
  defaultSort: 'name',
  filters: columnFilters('lp', [
    ['status', 'text'],
    ['kind', 'text'],
    ['ownership_type', 'text'],
    ['legal_form', 'text'],
    ['industry_id', 'int'],
    ['registration_city_id', 'int'],
    ['supervising_body_id', 'int'],
    ['is_listed', 'bool'],
    ['registered_capital', 'numeric'],
    ['employees', 'int'],
    ['name', 'text'],
    ['national_id', 'text'],
    ['ticker', 'text'],
  ]),
});

/** The true persons list (GET /api/person/true-persons); row shape `TruePersonRow`. */
export const truePersonsList = personListSpec({
  table: 'true_persons',
  alias: 'tp',
  type: 'true_person',
  city: 'birth_city_id',
  select: `tp.id, tp.first_name, tp.last_name, tp.father_name, tp.national_code, tp.gender, tp.mobile,
    tp.birth_date::text AS birth_date, c.name AS birth_city, tp.education_level, tp.field_of_study, tp.is_demo`,
  joins: 'LEFT JOIN cities c ON c.id = tp.birth_city_id',
  sorts: {
    last_name: { expr: r('tp.last_name'), type: 'text' },
    first_name: { expr: r('tp.first_name'), type: 'text' },
    national_code: { expr: r('tp.national_code'), type: 'text', nullable: true },
    birth_date: { expr: r('tp.birth_date'), type: 'date', nullable: true },
  },
  defaultSort: 'last_name',
  filters: columnFilters('tp', [
    ['gender', 'text'],
    ['education_level', 'text'],
    ['field_of_study', 'text'],
    ['first_name', 'text'],
    ['last_name', 'text'],
    ['national_code', 'text'],
    ['birth_city_id', 'int'],
    ['birth_date', 'date'],
  ]),
});

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

// ---------------------------------------------------------------------------------------------
// Export columns (also the import template): one declaration per list, read by
// server/modules/transfer. They reuse the list's FROM, filters and sorts.

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

const col = (
  key: string,
  header: string,
  expr: string,
  kind: ExportColumn['kind'],
  width: number,
  extra: Partial<ExportColumn> = {},
): ExportColumn => ({ key, header, expr: r(expr), kind, width, input: key, ...extra });

/** Legal persons: the fields of `legalPersonInput`, references by name. */
export const legalPersonsExport: ExportSpec = {
  list: legalPersonsList,
  from: sql`${legalPersonsList.from} LEFT JOIN legal_persons sb ON sb.id = lp.supervising_body_id`,
  title: 'اشخاص حقوقی',
  columns: [
    col('name', 'نام', 'lp.name', 'text', 40),
    col('kind', 'نوع', 'lp.kind', 'code', 12, { labels: LEGAL_KIND_LABELS }),
    col('national_id', 'شناسه ملی', 'lp.national_id', 'text', 14),
    col('registration_number', 'شماره ثبت', 'lp.registration_number', 'text', 12),
    col('registration_date', 'تاریخ ثبت', 'lp.registration_date::text', 'date', 12),
    col('registration_city', 'شهر محل ثبت', 'c.name', 'text', 16, {
      input: 'registration_city_id',
      ref: 'city',
      province: 'province',
    }),
    col('province', 'استان', 'p.name', 'text', 16, { input: undefined }),
    col('legal_form', 'نوع شرکت', 'lp.legal_form', 'text', 14),
    col('economic_code', 'کد اقتصادی', 'lp.economic_code', 'text', 15),
    col('ownership_type', 'نوع مالکیت', 'lp.ownership_type', 'text', 16),
    col('registered_capital', 'سرمایه ثبتی (ریال)', 'lp.registered_capital::text', 'amount', 22),
    col('share_count', 'تعداد سهام', 'lp.share_count::text', 'amount', 18),
    col('nominal_share_value', 'ارزش اسمی هر سهم (ریال)', 'lp.nominal_share_value::text', 'amount', 16),
    col('industry', 'صنعت', 'i.name', 'text', 24, { input: 'industry_id', ref: 'industry' }),
    col('supervising_body', 'نهاد ناظر', 'sb.name', 'text', 28, {
      input: 'supervising_body_id',
      ref: 'legal_person',
    }),
    col('is_listed', 'بورسی', 'lp.is_listed', 'bool', 8),
    col('ticker', 'نماد', 'lp.ticker', 'text', 10),
    col('status', 'وضعیت', 'lp.status', 'code', 12, { labels: LEGAL_STATUS_LABELS }),
    col('address', 'نشانی', 'lp.address', 'text', 40),
    col('postal_code', 'کد پستی', 'lp.postal_code', 'text', 12),
    col('phone', 'تلفن', 'lp.phone', 'text', 14),
    col('website', 'وبگاه', 'lp.website', 'text', 24),
    col('employees', 'شمار کارکنان', 'lp.employees', 'int', 12),
  ],
};

/** True persons: the fields of `truePersonInput`, the birth city by name (and province). */
export const truePersonsExport: ExportSpec = {
  list: truePersonsList,
  from: sql`${truePersonsList.from} LEFT JOIN provinces bp ON bp.id = c.province_id`,
  title: 'اشخاص حقیقی',
  columns: [
    col('first_name', 'نام', 'tp.first_name', 'text', 16),
    col('last_name', 'نام خانوادگی', 'tp.last_name', 'text', 20),
    col('father_name', 'نام پدر', 'tp.father_name', 'text', 14),
    col('national_code', 'کد ملی', 'tp.national_code', 'text', 13),
    col('birth_certificate_number', 'شماره شناسنامه', 'tp.birth_certificate_number', 'text', 14),
    col('birth_date', 'تاریخ تولد', 'tp.birth_date::text', 'date', 12),
    col('birth_city', 'شهر محل تولد', 'c.name', 'text', 16, {
      input: 'birth_city_id',
      ref: 'city',
      province: 'birth_province',
    }),
    col('birth_province', 'استان محل تولد', 'bp.name', 'text', 16, { input: undefined }),
    col('gender', 'جنسیت', 'tp.gender', 'code', 8, { labels: GENDER_LABELS }),
    col('mobile', 'تلفن همراه', 'tp.mobile', 'text', 14),
    col('email', 'رایانامه', 'tp.email', 'text', 26),
    col('education_level', 'مقطع تحصیلی', 'tp.education_level', 'text', 14),
    col('field_of_study', 'رشته تحصیلی', 'tp.field_of_study', 'text', 20),
  ],
};
