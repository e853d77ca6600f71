import { z } from 'zod';
import { id, int, listPageOf } from './api-envelope.ts';
import { jalaliYear } from './company-reports.ts';
import { defineEntity, type EntityField, rowSchema } from './entity.ts';
import { positiveId } from './ids.ts';
import { companyStateClass } from './legal-person.ts';
import { CODE_FILTER_OPS, type FilterOp, listQuerySchema, TEXT_FILTER_OPS } from './list.ts';
import { ownershipNode } from './ownership.ts';

/**
 * The industries screens (SPEC §2 /industries, status/{id}, graph/{id}; issue 17): the TSETMC
 * industry groups (data/tse-sectors.csv) with the live companies and holdings filed under each,
 * their state class and share (company_state_class, as of today), their province (registration
 * city → province) and the figures of their annual statements of one fiscal year. Permission
 * `industries` throughout (server/modules/industries).
 *
 * Units: counts are whole numbers; shares are fractions 0..1; statement figures are million IRR
 * (summed as filed, signs as filed: a loss is negative); registered capital is IRR as a decimal
 * string; fiscal years are Jalali (the year the fiscal year ends in), 1300–1500.
 */

export const INDUSTRY_PATHS = {
  /** The industry groups with their indicators (a list page). */
  list: '/api/industries/indicators',
  /** The same figures over every industry group, with the fiscal years offered. */
  summary: '/api/industries/indicators/summary',
  /** One industry group's figures. */
  item: '/api/industries/:id{[0-9]+}',
  companies: '/api/industries/:id{[0-9]+}/companies',
  provinces: '/api/industries/:id{[0-9]+}/provinces',
  graph: '/api/industries/:id{[0-9]+}/graph',
} as const;

/** The figures of one fiscal year: `fiscal_year` (default the latest year with annual statements). */
export const industryYearQuery = z.object({ fiscal_year: jalaliYear('سال مالی').optional() });
export type IndustryYearQuery = z.infer<typeof industryYearQuery>;

/** A list's query (page, per_page ≤ 500, sortBy, q, filters) and the fiscal year. */
export const industryListQuery = listQuerySchema.extend(industryYearQuery.shape);

export const industryParams = z.object({ id: positiveId });

const ORDERED_OPS: readonly FilterOp[] = ['eq', 'neq', 'in', 'gte', 'lte'];
const CHOICE_OPS: readonly FilterOp[] = ['eq', 'neq', 'in'];

/** A count column: sorted, compared in the filter builder. */
const count = (label: string, width: number, order: number, description?: string) =>
  ({
    type: 'int',
    label,
    column: { width, order, description },
    sort: true,
    filter: ORDERED_OPS,
    builderOnly: true,
  }) as const satisfies EntityField;

/** A fraction (decimal text, 9 places) shown as ٪; `header` the column's shorter title. */
const share = (label: string, header: string, order: number, description: string) =>
  ({
    type: 'amount',
    label,
    nullable: true,
    format: 'percent',
    column: { width: 104, order, description, header },
    sort: true,
  }) as const satisfies EntityField;

/** A sum of the year's statements, million IRR (null: no statement of the year reports it); `short` heads the column. */
const figure = (label: string, short: string, order: number) =>
  ({
    type: 'amount',
    label: `${label} (میلیون ریال)`,
    nullable: true,
    column: { width: 160, order, header: `${short} (میلیون ریال)`, description: `${label}، میلیون ریال` },
    sort: true,
    filter: ORDERED_OPS,
    builderOnly: true,
  }) as const satisfies EntityField;

/**
 * The figures of a set of companies (an industry group, or every group): the companies and
 * holdings by state class (contract/ownership.ts STATE_CLASSES), the state's share, the registered
 * capital, and the annual statements of the fiscal year.
 *
 * - `state_share_avg`: the mean of the state's integrated share over the companies where it is
 *   computable (`share_n`: the state's own entities and the companies of unknown share left out).
 * - `state_share_weighted`: the same shares weighted by registered capital, Σ share × capital ÷
 *   Σ capital over the companies with both: the state's integrated claim on the group's registered
 *   (nominal) capital, so one large company counts for what it weighs. Not a market value.
 * - `statements`, `loss`, `article_141`: annual statements of the year (any entry state, as the
 *   portfolio counts them), those with a loss and those under article 141.
 * - `revenue`, `net_profit`, `total_assets`: their sums, null when no statement reports the item.
 */
const figureFields = {
  companies: count('شرکت‌ها', 84, 2, 'شرکت‌ها و هلدینگ‌های فعال این گروه'),
  state_entities: { type: 'int', label: 'نهاد دولتی' },
  state_owned: count('دولتی', 80, 3, 'سهم یکپارچه دولت بیش از ۵۰٪'),
  state_affiliated: count('وابسته', 80, 4, 'وابسته به دولت: سهم دولت بیش از صفر و تا ۵۰٪ یا تحت کنترل'),
  private: count('خصوصی', 84, 5, 'بدون سهم دولت'),
  unknown: { type: 'int', label: 'نامعلوم' },
  share_n: { type: 'int', label: 'شرکت‌های با سهم دولت معلوم' },
  state_share_avg: share(
    'میانگین سهم دولت',
    'سهم میانگین',
    6,
    'میانگین سهم یکپارچه دولت در شرکت‌هایی که سهمشان معلوم است',
  ),
  state_share_weighted: share(
    'سهم دولت وزنی با سرمایه',
    'سهم وزنی',
    7,
    'سهم دولت وزن‌داده با سرمایه ثبتی: Σ سهم × سرمایه ÷ Σ سرمایه',
  ),
  registered_capital: { type: 'amount', label: 'سرمایه ثبتی (ریال)', nullable: true },
  statements: count('صورت مالی', 96, 8, 'صورت‌های مالی سالانه این سال (هر وضعیت ورود)'),
  revenue: figure('درآمد عملیاتی', 'درآمد', 9),
  net_profit: figure('سود خالص', 'سود خالص', 10),
  total_assets: figure('جمع دارایی‌ها', 'دارایی‌ها', 11),
  loss: count('زیان‌ده', 80, 12, 'صورت‌های مالی سال با زیان خالص'),
  article_141: count('ماده ۱۴۱', 90, 13, 'زیان انباشته دست‌کم نصف سرمایه'),
} as const satisfies Record<string, EntityField>;

/**
 * GET /api/industries/indicators?fiscal_year=: a `ListPage<IndustryRow>`, every TSETMC industry
 * group (those without companies too), sorted by companies (default, most first) or any figure;
 * `q` matches the name and the 2-digit code.
 */
export const industryEntity = defineEntity({
  name: 'industry',
  title: 'صنعت',
  plural: 'صنایع',
  id: 'id',
  display: 'name',
  defaultSort: 'companies',
  defaultDescending: true,
  search: 'نام یا کد گروه صنعت',
  permissions: { list: 'industries', view: 'industries' },
  paths: { list: INDUSTRY_PATHS.list, item: INDUSTRY_PATHS.item },
  list: { label: 'گروه‌های صنعت', id: 'industries' },
  intro: 'گروه‌های صنعت بورس تهران با شرکت‌ها، سهم دولت و ارقام صورت‌های مالی سالانه هر گروه',
  emptyText: 'گروه صنعتی با این جست‌وجو پیدا نشد',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: {
      type: 'text',
      label: 'گروه صنعت',
      column: { width: 240, order: 0, title: true },
      sort: true,
      filter: TEXT_FILTER_OPS,
      builderOnly: true,
    },
    code: {
      type: 'text',
      label: 'کد',
      format: 'plain',
      column: { width: 56, order: 1, description: 'کد گروه در TSETMC' },
      sort: true,
      filter: CODE_FILTER_OPS,
      builderOnly: true,
    },
    ...figureFields,
  },
});

export const industryRow = rowSchema(industryEntity);
export type IndustryRow = z.infer<typeof industryRow>;

/** The figures alone (no id, code or name). */
const { id: _id, name: _name, code: _code, ...figureShape } = industryRow.shape;
export const industryFigures = z.object(figureShape);
export type IndustryFigures = z.infer<typeof industryFigures>;

/** Which fiscal year the figures are of, and the years with annual statements (newest first). */
const yearShape = {
  /** null when no industry company has an annual statement */
  fiscal_year: int.nullable(),
  years: z.array(int),
};

/**
 * GET /api/industries/indicators/summary?fiscal_year=: the same figures over every company filed
 * under an industry group (`all`), the groups with at least one company, and the companies and
 * holdings filed under none.
 */
export const industrySummary = z.object({
  ...yearShape,
  industries: int,
  without_industry: int,
  all: industryFigures,
});
export type IndustrySummary = z.infer<typeof industrySummary>;

/** GET /api/industries/:id?fiscal_year=: one group's row, as the list answers it. */
export const industryDetail = z.object({ ...yearShape, industry: industryRow });
export type IndustryDetail = z.infer<typeof industryDetail>;

/** The industry group an answer is about. */
export const industryRef = z.object({ id, code: z.string(), name: z.string() });

/**
 * GET /api/industries/:id/companies?fiscal_year=: a `ListPage<IndustryCompanyRow>`, the group's
 * live companies and holdings with their state class and share (as of today), province, registered
 * capital, and their annual statement of the year (its figures null when there is none). Sorted
 * by name (default) or any figure; `q` matches the name, ticker and national id.
 */
export const industryCompanyEntity = defineEntity({
  name: 'industry_company',
  title: 'شرکت',
  plural: 'شرکت‌های صنعت',
  id: 'legal_person_id',
  display: 'company',
  defaultSort: 'company',
  search: 'نام، نماد یا شناسه ملی',
  permissions: { list: 'industries' },
  paths: { list: INDUSTRY_PATHS.companies },
  emptyText: 'شرکتی با این شرایط در این صنعت نیست',
  fields: {
    legal_person_id: { type: 'int', label: 'شناسه' },
    company: {
      type: 'text',
      label: 'شرکت',
      format: 'verbatim',
      column: { width: 240, order: 0, title: true },
      sort: true,
    },
    ticker: {
      type: 'text',
      label: 'نماد',
      nullable: true,
      format: 'verbatim',
      column: { width: 72, order: 1 },
    },
    state_class: companyStateClass({ width: 104, order: 2 }),
    state_share: {
      type: 'amount',
      label: 'سهم دولت',
      nullable: true,
      format: 'percent',
      column: { width: 100, order: 3, description: 'سهم یکپارچه دولت (امروز)' },
      sort: true,
    },
    province_id: {
      type: 'ref',
      label: 'استان',
      nullable: true,
      notInRow: true,
      optionsFrom: 'provinces',
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'province' },
    },
    province: { type: 'text', label: 'استان', nullable: true, column: { width: 110, order: 4 }, sort: true },
    registered_capital: {
      type: 'amount',
      label: 'سرمایه ثبتی (ریال)',
      nullable: true,
      column: { width: 150, order: 5, header: 'سرمایه ثبتی (ریال)' },
      sort: true,
      filter: ORDERED_OPS,
      builderOnly: true,
    },
    revenue: figure('درآمد عملیاتی', 'درآمد', 6),
    net_profit: figure('سود خالص', 'سود خالص', 7),
    total_assets: figure('جمع دارایی‌ها', 'دارایی‌ها', 8),
    loss: {
      type: 'bool',
      label: 'زیان‌ده',
      nullable: true,
      column: { width: 72, order: 9 },
      filter: CHOICE_OPS,
      filterAs: { yes: 'زیان‌ده', no: 'سودده' },
    },
    article_141: {
      type: 'bool',
      label: 'ماده ۱۴۱',
      nullable: true,
      column: { width: 80, order: 10, description: 'زیان انباشته دست‌کم نصف سرمایه' },
      filter: CHOICE_OPS,
      filterAs: { yes: 'مشمول', no: 'غیرمشمول', url: 'a141' },
    },
  },
});

export const industryCompanyRow = rowSchema(industryCompanyEntity);
export type IndustryCompanyRow = z.infer<typeof industryCompanyRow>;
export const industryCompanyPage = listPageOf(industryCompanyRow);

/** One province of the map: its ISO 3166-2 code (IR-00 … IR-30, the GeoJSON's `iso`) and names. */
export const provinceCount = z.object({
  id,
  iso: z.string(),
  name: z.string(),
  name_en: z.string(),
  companies: int,
});
export type ProvinceCount = z.infer<typeof provinceCount>;

/**
 * GET /api/industries/:id/provinces: the group's live companies and holdings per province of
 * their registration city, every one of the 31 provinces (most companies first, then by name);
 * `without_province` those with no registration city. Σ provinces + without_province = companies.
 */
export const industryProvinces = z.object({
  industry: industryRef,
  companies: int,
  without_province: int,
  provinces: z.array(provinceCount),
});
export type IndustryProvinces = z.infer<typeof industryProvinces>;

/** The most holdings a graph answer draws; beyond, `truncated` says how many were left out. */
export const INDUSTRY_GRAPH_EDGE_LIMIT = 1500;

/** A company of the graph, as the ownership graph names it, with its holdings inside the group. */
export const industryGraphNode = ownershipNode.extend({
  /** holdings inside the group it takes part in (as holder or held), and how many are answered */
  links_total: int,
  links_shown: int,
});
export type IndustryGraphNode = z.infer<typeof industryGraphNode>;

/** A direct holding between two companies of the group, valid on `as_of` (several rows of one pair added up). */
export const industryGraphEdge = z.object({
  holder: z.string(),
  company: z.string(),
  /** fraction; null when a row of the pair was declared without a figure */
  share: z.number().nullable(),
});
export type IndustryGraphEdge = z.infer<typeof industryGraphEdge>;

/**
 * GET /api/industries/:id/graph: the ownership network inside the group on `as_of` (today): the
 * direct holdings valid that day whose holder and company are both live companies of the group
 * (a company holding its own shares is not a link between two), largest share first (unknown
 * shares last), at most INDUSTRY_GRAPH_EDGE_LIMIT; the nodes are the companies those holdings
 * join. `linked` counts every company with a holding inside the group, `unlinked` the group's
 * other companies (none of their holdings is with a company of the group), `edges_total` every
 * such holding; `truncated` when `edges` holds fewer than `edges_total`.
 */
export const industryGraph = z.object({
  industry: industryRef,
  as_of: z.string(),
  companies: int,
  linked: int,
  unlinked: int,
  edges_total: int,
  truncated: z.boolean(),
  nodes: z.array(industryGraphNode),
  edges: z.array(industryGraphEdge),
});
export type IndustryGraph = z.infer<typeof industryGraph>;

export const industryPage = listPageOf(industryRow);
