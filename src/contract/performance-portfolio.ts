import { z } from 'zod';
import { toAsciiDigits } from '../domain/persian-text.ts';
import { REPORT_PERIODS } from './company-reports.ts';
import { AUDITOR_OPINIONS } from './financial-statements.ts';
import { OWNERSHIP_TYPES } from './legal-person.ts';

/**
 * The portfolio's screens (issue 16, SPEC §2 /performance): the overview of every company for a
 * fiscal year, statistics by group, auditors' opinions, and production and capacity across
 * companies. One GET each (permission `performance`); shared by server and client.
 *
 * Units: statement amounts in million IRR (JSON numbers: sums of the statements' items); product
 * and capacity quantities in their row's unit as decimal strings, sales values in IRR as whole
 * decimal strings (they exceed 2^53); ratios, shares, achievement and utilisation as fractions
 * (0.12 = ۱۲٪); fiscal years Jalali (the year the fiscal year ends in). A figure that cannot be
 * computed (no data, a zero denominator) is null.
 */

const YEAR_ERROR = 'سال مالی باید عددی بین ۱۳۰۰ و ۱۵۰۰ باشد';
const ID_ERROR = 'شناسه نامعتبر است';

/** Persian or ASCII digits, trimmed; an empty value is "not given". */
const digits = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = toAsciiDigits(v).trim();
  return s === '' ? undefined : s;
};

const fiscalYear = z.preprocess(
  digits,
  z.coerce
    .number({ error: YEAR_ERROR })
    .int(YEAR_ERROR)
    .min(1300, YEAR_ERROR)
    .max(1500, YEAR_ERROR)
    .optional(),
);
const refId = z.preprocess(
  digits,
  z.coerce
    .number({ error: ID_ERROR })
    .int(ID_ERROR)
    .positive(ID_ERROR)
    .max(2_147_483_647, ID_ERROR)
    .optional(),
);

/**
 * The company filters of every portfolio call: a fiscal year (default: the latest with data) and
 * the company's industry, supervising body and ownership type (ids of the management area's
 * options; the ownership type by its Persian name). Bad values → 422 in Persian.
 */
export const portfolioQuery = z.object({
  fiscal_year: fiscalYear,
  industry_id: refId,
  supervising_body_id: refId,
  ownership_type: z
    .enum(OWNERSHIP_TYPES, { error: `نوع مالکیت یکی از ${OWNERSHIP_TYPES.join('، ')} است` })
    .optional(),
});
export type PortfolioQuery = z.infer<typeof portfolioQuery>;

/** The company filters alone (no year): what a link to a filtered list carries on. */
export type CompanyFilter = Omit<PortfolioQuery, 'fiscal_year'>;

// ---------------------------------------------------------------- overview

/** The counts of the overview, each a number of companies (missing) or annual statements (the others). */
export const OVERVIEW_COUNTS = [
  'filed',
  'not_filed',
  'missing',
  'late',
  'failing_checks',
  'loss',
  'article_141',
] as const;
export type OverviewCount = (typeof OVERVIEW_COUNTS)[number];

export const OVERVIEW_COUNT_LABELS_FA: Record<OverviewCount, string> = {
  filed: 'صورت مالی ارسال‌شده',
  not_filed: 'ارسال‌نشده (پیش‌نویس، برگشتی یا شروع‌نشده)',
  missing: 'بدون صورت مالی',
  late: 'با تأخیر',
  failing_checks: 'ناسازگار در کنترل‌ها',
  loss: 'زیان‌ده',
  article_141: 'مشمول ماده ۱۴۱',
};

/** How each count is made, for the screen's «چگونه؟». */
export const OVERVIEW_COUNT_RULES_FA: Record<OverviewCount, string> = {
  filed: 'صورت‌های مالی سالانه سال با وضعیت «ارسال‌شده» یا «بررسی‌شده»',
  not_filed: 'صورت‌های مالی سالانه سال با وضعیت «شروع نشده»، «پیش‌نویس» یا «برگشت برای اصلاح»',
  missing: 'شرکت‌ها و هلدینگ‌هایی که برای این سال هیچ صورت مالی سالانه‌ای ندارند',
  late: 'صورت‌های مالی سالانه‌ای که پس از مهلت ارسال شده‌اند یا مهلتشان گذشته و ارسال نشده‌اند',
  failing_checks: 'صورت‌های مالی سالانه‌ای که کنترل‌های سازگاری اقلام را نگذرانده‌اند',
  loss: 'صورت‌های مالی سالانه با سود (زیان) خالص کمتر از صفر',
  article_141: 'صورت‌های مالی سالانه با زیان انباشته دست‌کم نصف سرمایه (ماده ۱۴۱)',
};

const ZONES = ['safe', 'grey', 'distress'] as const;

/** A company of the year in Altman's distress zone. */
export const distressRow = z.object({
  statement_id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  variant: z.enum(['z', 'z_prime', 'z_double_prime']),
  value: z.number(),
});

/** Sums of the year's annual statements, million IRR, and how many statements had each item. */
export const statementTotals = z.object({
  revenue: z.number(),
  net_profit: z.number(),
  total_assets: z.number(),
  revenue_n: z.number().int(),
  net_profit_n: z.number().int(),
  total_assets_n: z.number().int(),
});
export type StatementTotals = z.infer<typeof statementTotals>;

/** One fiscal year of the overview's trend. */
export const trendYear = statementTotals.extend({
  fiscal_year: z.number().int(),
  statements: z.number().int(),
  filed: z.number().int(),
  loss: z.number().int(),
  article_141: z.number().int(),
});
export type TrendYear = z.infer<typeof trendYear>;

/**
 * GET /api/performance/portfolio — the portfolio at a glance for `fiscal_year` (default the
 * latest year with annual statements). `years`: every year with annual statements, newest first.
 */
export const portfolioOverview = z.object({
  fiscal_year: z.number().int().nullable(),
  years: z.array(z.number().int()),
  /** Live companies and holdings the filters select. */
  companies: z.number().int(),
  /** Annual statements of the year (any entry state). */
  statements: z.number().int(),
  counts: z.object(
    Object.fromEntries(OVERVIEW_COUNTS.map((k) => [k, z.number().int()])) as {
      [K in OverviewCount]: z.ZodNumber;
    },
  ),
  /** Altman's zones of the year's statements (the model fitting each company; domain/finance/altman.ts). */
  altman: z.object({
    ...(Object.fromEntries(ZONES.map((k) => [k, z.number().int()])) as {
      [K in (typeof ZONES)[number]]: z.ZodNumber;
    }),
    not_computable: z.number().int(),
    distress_companies: z.array(distressRow),
  }),
  totals: statementTotals,
  trend: z.array(trendYear),
});
export type PortfolioOverview = z.infer<typeof portfolioOverview>;

// ---------------------------------------------------------------- statistics

export const STATISTICS_GROUPS = ['industry', 'ownership', 'supervising_body'] as const;
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];
export const STATISTICS_GROUP_LABELS_FA: Record<StatisticsGroup, string> = {
  industry: 'صنعت',
  ownership: 'نوع مالکیت',
  supervising_body: 'نهاد ناظر',
};

export const statisticsQuery = portfolioQuery.extend({
  group_by: z
    .enum(STATISTICS_GROUPS, { error: 'گروه‌بندی یکی از صنعت، نوع مالکیت یا نهاد ناظر است' })
    .default('industry'),
});

/** The ratios the statistics summarise (domain/finance/ratios.ts). */
export const STATISTICS_RATIOS = ['net_margin', 'roa', 'roe', 'leverage'] as const;
export type StatisticsRatio = (typeof STATISTICS_RATIOS)[number];

/** Quartiles of one ratio over a group's statements (fractions); `n` statements where it was computable. */
export const quartiles = z.object({
  n: z.number().int(),
  q1: z.number().nullable(),
  median: z.number().nullable(),
  q3: z.number().nullable(),
});
export type Quartiles = z.infer<typeof quartiles>;

export const statisticsGroupRow = z.object({
  /** The group's id (industry, body), its name (ownership) or null for "not set". */
  key: z.union([z.number().int(), z.string()]).nullable(),
  name: z.string(),
  companies: z.number().int(),
  statements: z.number().int(),
  filed: z.number().int(),
  revenue: z.number(),
  net_profit: z.number(),
  ratios: z.object(
    Object.fromEntries(STATISTICS_RATIOS.map((k) => [k, quartiles])) as {
      [K in StatisticsRatio]: typeof quartiles;
    },
  ),
});
export type StatisticsGroupRow = z.infer<typeof statisticsGroupRow>;

/** GET /api/performance/statistics — one row per group, largest revenue first; `all` the whole selection. */
export const portfolioStatistics = z.object({
  fiscal_year: z.number().int().nullable(),
  years: z.array(z.number().int()),
  group_by: z.enum(STATISTICS_GROUPS),
  groups: z.array(statisticsGroupRow),
  all: statisticsGroupRow,
});
export type PortfolioStatistics = z.infer<typeof portfolioStatistics>;

// ---------------------------------------------------------------- audit report

/** An auditor's opinion, or why there is none: not audited, or audited with no opinion recorded. */
export const AUDIT_CATEGORIES = [...AUDITOR_OPINIONS, 'not_audited', 'no_opinion'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export const AUDIT_CATEGORY_LABELS_FA: Record<AuditCategory, string> = {
  unqualified: 'مقبول',
  qualified: 'مشروط',
  adverse: 'مردود',
  disclaimer: 'عدم اظهارنظر',
  not_audited: 'حسابرسی‌نشده',
  no_opinion: 'اظهارنظر ثبت نشده',
};
/** The opinions that are not clean: the list's default. */
export const NON_CLEAN_OPINIONS = ['qualified', 'adverse', 'disclaimer'] as const;

export const auditQuery = portfolioQuery.extend({
  opinion: z.enum(AUDIT_CATEGORIES, { error: 'نوع اظهارنظر نامعتبر است' }).optional(),
});

export const auditYear = z.object({
  fiscal_year: z.number().int(),
  total: z.number().int(),
  ...(Object.fromEntries(AUDIT_CATEGORIES.map((k) => [k, z.number().int()])) as {
    [K in AuditCategory]: z.ZodNumber;
  }),
});
export type AuditYear = z.infer<typeof auditYear>;

export const auditCompany = z.object({
  statement_id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  industry: z.string().nullable(),
  category: z.enum(AUDIT_CATEGORIES),
});
export type AuditCompany = z.infer<typeof auditCompany>;

/**
 * GET /api/performance/audit-report — opinions by year (oldest first) and, for `fiscal_year`, the
 * companies whose opinion is `opinion` (default: qualified, adverse or disclaimer), by name.
 */
export const auditReport = z.object({
  fiscal_year: z.number().int().nullable(),
  years: z.array(auditYear),
  opinion: z.enum(AUDIT_CATEGORIES).nullable(),
  companies: z.array(auditCompany),
});
export type AuditReport = z.infer<typeof auditReport>;

// ---------------------------------------------------------------- production

export const productReportsQuery = portfolioQuery.extend({
  period: z.enum(REPORT_PERIODS, { error: 'دوره گزارش نامعتبر است' }).default('annual'),
});

/** A decimal string in the row's unit (or IRR), or null when no row reported it. */
const decimal = z.string().nullable();

export const productTotal = z.object({
  product: z.string(),
  unit: z.string(),
  companies: z.number().int(),
  planned: decimal,
  produced: decimal,
  sold: decimal,
  sales_value: decimal,
  /** Σ produced ÷ Σ planned over the rows that report both (planned > 0). */
  achievement: z.number().nullable(),
});
export type ProductTotal = z.infer<typeof productTotal>;

export const productCompany = z.object({
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  products: z.number().int(),
  sales_value: decimal,
  /** Products whose production reached the plan, of those with both planned and produced. */
  on_plan: z.number().int(),
  planned_products: z.number().int(),
});
export type ProductCompany = z.infer<typeof productCompany>;

export const productRow = z.object({
  id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  product: z.string(),
  unit: z.string(),
  planned: decimal,
  produced: decimal,
  sold: decimal,
  sales_value: decimal,
  achievement: z.number().nullable(),
});
export type ProductRow = z.infer<typeof productRow>;

/** GET /api/performance/product-reports — the year's and period's reports across companies. */
export const portfolioProducts = z.object({
  fiscal_year: z.number().int().nullable(),
  years: z.array(z.number().int()),
  period: z.enum(REPORT_PERIODS),
  products: z.array(productTotal),
  companies: z.array(productCompany),
  rows: z.array(productRow),
});
export type PortfolioProducts = z.infer<typeof portfolioProducts>;

export const capacityTotal = z.object({
  product: z.string(),
  unit: z.string(),
  companies: z.number().int(),
  nominal_capacity: z.string(),
  actual_production: decimal,
  /** Σ actual ÷ Σ nominal over the rows that report actual production. */
  utilisation: z.number().nullable(),
});
export type CapacityTotal = z.infer<typeof capacityTotal>;

export const capacityCompany = z.object({
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  products: z.number().int(),
  /** The mean of its products' utilisation (each actual ÷ nominal), products without actual left out. */
  mean_utilisation: z.number().nullable(),
});
export type CapacityCompany = z.infer<typeof capacityCompany>;

export const capacityRowOf = z.object({
  id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  product: z.string(),
  unit: z.string(),
  nominal_capacity: z.string(),
  actual_production: decimal,
  utilisation: z.number().nullable(),
});
export type CapacityRowOf = z.infer<typeof capacityRowOf>;

/** GET /api/performance/production-capacity — the year's capacities across companies. */
export const portfolioCapacity = z.object({
  fiscal_year: z.number().int().nullable(),
  years: z.array(z.number().int()),
  products: z.array(capacityTotal),
  companies: z.array(capacityCompany),
  rows: z.array(capacityRowOf),
});
export type PortfolioCapacity = z.infer<typeof portfolioCapacity>;

/** The API paths (one literal each, so a search finds them). */
export const PORTFOLIO_PATHS = {
  overview: '/api/performance/portfolio',
  statistics: '/api/performance/statistics',
  audit: '/api/performance/audit-report',
  products: '/api/performance/product-reports',
  capacity: '/api/performance/production-capacity',
} as const;
