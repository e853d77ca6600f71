import { z } from 'zod';
import { STATEMENT_KINDS } from '../domain/finance/chart.ts';
import {
  ENTRY_STATE_LABELS_FA,
  ENTRY_STATES,
  STATEMENT_MOVE_TYPES,
} from '../domain/finance/statement-entry.ts';
import { defineEntity, type EntityField, optionsOf, rowSchema } from './entity.ts';
import { companyStateClass, OWNERSHIP_TYPES } from './legal-person.ts';
import { CODE_FILTER_OPS, type FilterOp } from './list.ts';

/**
 * Financial statements (issue 16): a company's statement for one fiscal year and period, its line
 * items by the chart of items, its entry state and moves. Described once (`statementEntity`): the
 * list's columns, filters and sorts, the row schema, the export. Shared by server and client.
 *
 * Units: amounts in million IRR as decimal strings, signed as filed (costs negative);
 * `employees` a head count; fiscal years Jalali (the year the fiscal year ends in); dates ISO
 * `YYYY-MM-DD`; timestamps ISO 8601 UTC.
 */

const ORDERED_OPS: readonly FilterOp[] = ['eq', 'neq', 'in', 'gte', 'lte'];
const CHOICE_OPS: readonly FilterOp[] = ['eq', 'neq', 'in'];

export const PERIOD_MONTHS = [3, 6, 9, 12] as const;

export const AUDITOR_OPINIONS = ['unqualified', 'qualified', 'adverse', 'disclaimer'] as const;
export const AUDITOR_OPINION_LABELS_FA: Record<(typeof AUDITOR_OPINIONS)[number], string> = {
  unqualified: 'مقبول',
  qualified: 'مشروط',
  adverse: 'مردود',
  disclaimer: 'عدم اظهارنظر',
};

/** Where a statement's figures came from. */
export const STATEMENT_ORIGINS = ['codal', 'demo', 'entered', 'imported'] as const;
export const STATEMENT_ORIGIN_LABELS_FA: Record<(typeof STATEMENT_ORIGINS)[number], string> = {
  codal: 'واقعی (کدال)',
  demo: 'نمونه نمایشی',
  entered: 'ورود دستی',
  imported: 'ورود از فایل',
};

/**
 * The company filters every statements list offers (the statements, the entry-state matrix): its
 * industry and its supervising body, by the options of the management area.
 */
export const COMPANY_FILTERS = {
  industry_id: {
    type: 'ref',
    label: 'صنعت',
    nullable: true,
    notInRow: true,
    optionsFrom: 'industries',
    filter: CODE_FILTER_OPS,
    filterAs: { url: 'industry' },
  },
  supervising_body_id: {
    type: 'ref',
    label: 'نهاد ناظر',
    nullable: true,
    notInRow: true,
    optionsFrom: 'supervising_bodies',
    filter: CODE_FILTER_OPS,
    filterAs: { url: 'body' },
  },
} as const satisfies Record<string, EntityField>;

/**
 * A company's name, ticker and industry as the lists of companies' figures show them (the
 * statements, the entry-state matrix, the rating), the first three columns, with the industry
 * filter; `widths` in px, `grow` lets the name take the spare width.
 */
export function companyColumns(widths: {
  company: number;
  ticker: number;
  industry: number;
  grow?: boolean;
}) {
  return {
    company: {
      type: 'text',
      label: 'شرکت',
      format: 'verbatim',
      column: { width: widths.company, grow: widths.grow ?? false, order: 0, title: true },
      sort: true,
    },
    ticker: {
      type: 'text',
      label: 'نماد',
      nullable: true,
      format: 'verbatim',
      column: { width: widths.ticker, order: 1 },
    },
    industry_id: COMPANY_FILTERS.industry_id,
    industry: {
      type: 'text',
      label: 'صنعت',
      nullable: true,
      column: { width: widths.industry, order: 2, title: true },
    },
  } as const satisfies Record<string, EntityField>;
}

/** A figure of the statement's items, million IRR, shown as a column and sorted on. */
const figure = (label: string, order: number): EntityField => ({
  type: 'amount',
  label: `${label} (میلیون ریال)`,
  nullable: true,
  column: { width: 150, order, header: label },
  sort: true,
  filter: ORDERED_OPS,
  builderOnly: true,
});

export const statementEntity = defineEntity({
  name: 'financial_statement',
  title: 'صورت مالی',
  plural: 'صورت‌های مالی',
  id: 'id',
  display: 'company',
  defaultSort: 'fiscal_year',
  defaultDescending: true,
  search: 'نام شرکت یا نماد',
  permissions: {
    list: 'financial.statements',
    view: 'financial.statements',
    create: 'financial.statements.edit',
    update: 'financial.statements.edit',
  },
  paths: {
    list: '/api/performance/financial-statements',
    item: '/api/performance/financial-statements/:id{[0-9]+}',
  },
  intro: 'صورت‌های مالی شرکت‌های زیرمجموعه به تفکیک سال مالی و دوره، با وضعیت ورود و نتیجه کنترل‌ها',
  emptyText: 'صورت مالی‌ای یافت نشد',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    legal_person_id: {
      type: 'ref',
      label: 'شرکت',
      picker: 'legal_person',
      shownAs: 'company',
      filter: CODE_FILTER_OPS,
      apiOnly: true,
    },
    ...companyColumns({ company: 220, ticker: 80, industry: 140, grow: true }),
    ownership_type: {
      type: 'text',
      label: 'نوع مالکیت',
      nullable: true,
      notInRow: true,
      options: OWNERSHIP_TYPES,
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'ownership' },
    },
    supervising_body_id: COMPANY_FILTERS.supervising_body_id,
    fiscal_year: {
      type: 'int',
      label: 'سال مالی',
      format: 'plain',
      column: { width: 80, order: 3 },
      sort: true,
      filter: ORDERED_OPS,
      filterAs: { url: 'year' },
    },
    period_months: {
      type: 'int',
      label: 'دوره (ماه)',
      format: 'plain',
      column: { width: 80, order: 4, header: 'دوره' },
      filter: CHOICE_OPS,
      filterAs: { url: 'period' },
    },
    period_end: {
      type: 'date',
      label: 'پایان دوره',
      column: { width: 100, order: 5 },
      filter: ORDERED_OPS,
      builderOnly: true,
    },
    entry_state: {
      ...optionsOf(ENTRY_STATES, ENTRY_STATE_LABELS_FA),
      label: 'وضعیت ورود',
      column: { width: 130, order: 6 },
      sort: true,
      filter: CHOICE_OPS,
      filterAs: { url: 'state' },
    },
    checks_passed: {
      type: 'bool',
      label: 'کنترل‌ها',
      column: { width: 90, order: 7 },
      filter: CHOICE_OPS,
      filterAs: { yes: 'سازگار', no: 'ناسازگار' },
    },
    due_date: {
      type: 'date',
      label: 'مهلت ارسال',
      column: { width: 100, order: 8 },
      sort: true,
      filter: ORDERED_OPS,
      builderOnly: true,
    },
    filed_at: {
      type: 'timestamp',
      label: 'تاریخ ارسال',
      nullable: true,
      column: { width: 100, order: 9, day: true },
      sort: true,
      filter: ORDERED_OPS,
      builderOnly: true,
    },
    late: {
      type: 'bool',
      label: 'با تأخیر',
      column: { width: 80, order: 10 },
      filter: CHOICE_OPS,
      filterAs: { yes: 'با تأخیر', no: 'به‌موقع' },
    },
    audited: {
      type: 'bool',
      label: 'حسابرسی‌شده',
      column: { width: 90, order: 11 },
      filter: CHOICE_OPS,
      filterAs: { yes: 'حسابرسی‌شده', no: 'حسابرسی‌نشده' },
    },
    auditor_opinion: {
      ...optionsOf(AUDITOR_OPINIONS, AUDITOR_OPINION_LABELS_FA),
      label: 'اظهارنظر حسابرس',
      nullable: true,
      column: { width: 110, order: 12 },
      filter: CHOICE_OPS,
      filterAs: { url: 'opinion' },
    },
    revenue: figure('درآمد عملیاتی', 13),
    net_profit: figure('سود (زیان) خالص', 14),
    total_assets: figure('جمع دارایی‌ها', 15),
    loss: {
      type: 'bool',
      label: 'زیان‌ده',
      nullable: true,
      column: { width: 70, order: 16 },
      filter: CHOICE_OPS,
      filterAs: { yes: 'زیان‌ده', no: 'سودده' },
    },
    article_141: {
      type: 'bool',
      label: 'ماده ۱۴۱',
      nullable: true,
      column: { width: 80, order: 17, description: 'زیان انباشته دست‌کم نصف سرمایه' },
      filter: CHOICE_OPS,
      filterAs: { yes: 'مشمول', no: 'غیرمشمول', url: 'a141' },
    },
    state_class: companyStateClass({ width: 96, order: 19 }),
    origin: {
      ...optionsOf(STATEMENT_ORIGINS, STATEMENT_ORIGIN_LABELS_FA),
      label: 'منبع',
      column: { width: 110, order: 18 },
      filter: CHOICE_OPS,
    },
  },
});

export const statementRow = rowSchema(statementEntity);
export type StatementRow = z.infer<typeof statementRow>;

/** One item of the chart of line items as the API answers it (domain/finance/chart.ts `ChartItem`). */
export const chartItemSchema = z.object({
  code: z.string(),
  nameFa: z.string(),
  statementKind: z.enum(STATEMENT_KINDS),
  parent: z.string().nullable(),
  sign: z.union([z.literal(1), z.literal(-1)]),
  isTotal: z.boolean(),
  unit: z.enum(['million_irr', 'count']),
  position: z.number().int(),
  builtin: z.boolean(),
  active: z.boolean(),
});

/** One accepted entry move (domain `StatementMove`) with the user's name. */
export const statementMoveSchema = z.object({
  from: z.enum(ENTRY_STATES),
  to: z.enum(ENTRY_STATES),
  by: z.number().int().nullable(),
  by_name: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
});

/** One statement of the company, as a column of the view (items by chart code, million IRR). */
export const statementColumn = z.object({
  id: z.number().int(),
  fiscal_year: z.number().int(),
  period_months: z.number().int(),
  period_end: z.iso.date(),
  entry_state: z.enum(ENTRY_STATES),
  origin: z.enum(STATEMENT_ORIGINS),
  items: z.record(z.string(), z.number()),
});

/** A check's result on the statement (domain `CheckResult` and the chart's totals), for the screen. */
export const statementCheck = z.object({
  id: z.string(),
  severity: z.enum(['error', 'warning']),
  status: z.enum(['passed', 'failed', 'skipped']),
  items: z.array(z.string()),
  missing: z.array(z.string()),
  difference: z.number().optional(),
  messageFa: z.string(),
});

/**
 * GET /api/performance/financial-statements/:id — one statement with what its view needs: the
 * row, its items, the chart, the company's other statements of the same period length (the
 * columns side by side, oldest first), its checks, its moves, and the moves the caller may make now.
 */
export const statementDetail = z.object({
  statement: statementRow.extend({
    items: z.record(z.string(), z.number()),
    source_note: z.string().nullable(),
    version: z.number().int(),
  }),
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    ticker: z.string().nullable(),
    listed: z.boolean(),
    manufacturing: z.boolean(),
  }),
  chart: z.array(chartItemSchema),
  columns: z.array(statementColumn),
  checks: z.array(statementCheck),
  moves: z.array(statementMoveSchema),
  allowed_moves: z.array(z.enum(STATEMENT_MOVE_TYPES)),
});
export type StatementDetail = z.infer<typeof statementDetail>;

/** The largest amount a line item may hold: under 10^15 million IRR (beyond any company, and exact as a JSON number). */
export const MAX_ITEM_AMOUNT = 999_999_999_999_999;

/** A line item's value in a body: a whole number of million IRR (a count for employees), or null to clear it. */
const itemAmount = z
  .number({ error: 'مبلغ باید عدد باشد' })
  .int('مبلغ باید به میلیون ریال و بدون اعشار باشد')
  .min(-MAX_ITEM_AMOUNT, 'مبلغ خارج از بازه مجاز است')
  .max(MAX_ITEM_AMOUNT, 'مبلغ خارج از بازه مجاز است')
  .nullable();

/**
 * PUT /api/performance/financial-statements/:id/items — the figures as typed in the entry form:
 * `items` by chart code (every code an active item of the chart; null clears an item), the audit
 * flag and opinion, and the version read (the optimistic lock).
 */
export const statementItemsInput = z.object({
  version: z.number({ error: 'نسخه صورت مالی را بفرستید' }).int().positive(),
  items: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'کد قلم نامعتبر است'), itemAmount)
    .refine((r) => Object.keys(r).length <= 500, 'تعداد اقلام بیش از حد است'),
  audited: z.boolean().optional(),
  auditor_opinion: z.enum(AUDITOR_OPINIONS, { error: 'اظهارنظر حسابرس نامعتبر است' }).nullable().optional(),
});
export type StatementItemsInput = z.infer<typeof statementItemsInput>;

/** What a save answers: the new version, state and checks. */
export const statementSaved = z.object({
  id: z.number().int(),
  version: z.number().int(),
  entry_state: z.enum(ENTRY_STATES),
  checks_passed: z.boolean(),
  checks: z.array(statementCheck),
});

/** POST /api/performance/financial-statements — a new, not yet started statement of a company for a fiscal year and period. */
export const statementCreateInput = z.object({
  legal_person_id: z.number({ error: 'شرکت را انتخاب کنید' }).int().positive(),
  fiscal_year: z
    .number({ error: 'سال مالی را وارد کنید' })
    .int('سال مالی نامعتبر است')
    .min(1300, 'سال مالی نامعتبر است')
    .max(1500, 'سال مالی نامعتبر است'),
  period_months: z.union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)], {
    error: 'دوره باید ۳، ۶، ۹ یا ۱۲ ماه باشد',
  }),
});

/** A problem of one cell of an imported file: its sheet, A1 reference, column code and Persian message. */
export const cellProblem = z.object({
  sheet: z.string(),
  cell: z.string(),
  column: z.string(),
  messageFa: z.string(),
});

/**
 * What an import of statements found (the dry run's answer, and the 422's `report` when any cell is
 * bad): the problems by cell, and each statement read: its row, company, year and period, whether
 * it creates a statement or updates a draft, and the checks it fails (it is saved as a draft all the
 * same; a failed check only blocks its submission).
 */
export const statementImportReport = z.object({
  format: z.enum(['xlsx', 'csv', 'codal_json']),
  statements: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  problems: z.array(cellProblem),
  rows: z.array(
    z.object({
      row: z.number().int(),
      legal_person_id: z.number().int(),
      company: z.string(),
      fiscal_year: z.number().int(),
      period_months: z.number().int(),
      action: z.enum(['create', 'update']),
      checks_passed: z.boolean(),
      failed: z.array(z.string()),
    }),
  ),
  /** True when the statements were written (not a dry run). */
  written: z.boolean(),
});
export type StatementImportReport = z.infer<typeof statementImportReport>;
