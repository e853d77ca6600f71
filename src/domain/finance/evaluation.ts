import { altmanZ, chooseZVariant, type ZScore, type ZVariant } from './altman.ts';
import { type Article141, article141 } from './article141.ts';
import { type Computed, isPresent, type LineItems } from './line-items.ts';
import { type Ratios, ratios } from './ratios.ts';

/**
 * Everything the evaluation says about one statement (one company, one period), in one call:
 * the five ratios (ratios.ts), Altman's score of the model that fits the company (altman.ts
 * `chooseZVariant`: listed manufacturer Z, unlisted manufacturer Z′, others Z″) and article 141
 * (article141.ts). Pure; used by the server's calculation calls, by what it stores beside a
 * statement's items, and by the screens.
 */

/** What the choice of Altman's model needs to know about the company. */
export interface EvaluatedCompany {
  listed: boolean;
  manufacturing: boolean;
  /** Shares × price at the statement date, million IRR (the original Z's X4); absent when unknown. */
  marketValueOfEquity?: number | null;
}

export interface StatementEvaluation {
  ratios: Ratios;
  zVariant: ZVariant;
  z: Computed<ZScore>;
  article141: Computed<Article141>;
}

/** The ratios, the fitting Z and article 141 of one statement's `items` (million IRR). Never throws. */
export function evaluateStatement(items: LineItems, company: EvaluatedCompany): StatementEvaluation {
  const zVariant = chooseZVariant(company);
  return {
    ratios: ratios(items),
    zVariant,
    z: altmanZ(zVariant, items, company.marketValueOfEquity),
    article141: article141(items),
  };
}

/**
 * The two verdicts stored beside a statement's items so that lists filter on them: `article141`
 * (article141.ts: accumulated losses at least half of capital) and `loss` (net profit below zero),
 * each null when not computable from `items`.
 */
export function statementVerdicts(items: LineItems): { article141: boolean | null; loss: boolean | null } {
  const a = article141(items);
  const np = items.net_profit;
  return { article141: a.ok ? a.value.reached : null, loss: isPresent(np) ? np < 0 : null };
}

/** The specification's calculation calls (SPEC §7 performance), each a figure of one statement. */
export const CALCULATION_KEYS = [
  'marginal-profit',
  'return-on-asset',
  'assets-turnover',
  'financial-leverage',
  'return-on-equity',
  'z-altman',
  'article-141',
] as const;
export type CalculationKey = (typeof CALCULATION_KEYS)[number];

/**
 * What each calculation is, for the screens' "how was this computed" and the API's answer: its
 * Persian name, its formula as a reader writes it, the line items it reads (the Z model's depend on
 * the variant: the union is listed) and where the formula comes from.
 */
export const CALCULATIONS: Readonly<
  Record<CalculationKey, { nameFa: string; formulaFa: string; items: readonly string[]; source: string }>
> = {
  'marginal-profit': {
    nameFa: 'حاشیه سود خالص',
    formulaFa: 'سود (زیان) خالص ÷ درآمدهای عملیاتی',
    items: ['net_profit', 'revenue'],
    source: 'glossary, ratios (ratios.ts netProfitMargin)',
  },
  'return-on-asset': {
    nameFa: 'بازده دارایی‌ها',
    formulaFa: 'سود (زیان) خالص ÷ جمع دارایی‌ها',
    items: ['net_profit', 'total_assets'],
    source: 'glossary, ratios (ratios.ts returnOnAssets)',
  },
  'assets-turnover': {
    nameFa: 'گردش دارایی‌ها',
    formulaFa: 'درآمدهای عملیاتی ÷ جمع دارایی‌ها',
    items: ['revenue', 'total_assets'],
    source: 'glossary, ratios (ratios.ts assetTurnover)',
  },
  'financial-leverage': {
    nameFa: 'اهرم مالی',
    formulaFa: 'جمع دارایی‌ها ÷ جمع حقوق مالکانه',
    items: ['total_assets', 'total_equity'],
    source: 'glossary, ratios (ratios.ts financialLeverage)',
  },
  'return-on-equity': {
    nameFa: 'بازده حقوق مالکانه',
    formulaFa: 'سود (زیان) خالص ÷ جمع حقوق مالکانه = حاشیه سود × گردش دارایی‌ها × اهرم مالی',
    items: ['net_profit', 'total_equity'],
    source: 'glossary, ratios; DuPont identity (ratios.ts returnOnEquity)',
  },
  'z-altman': {
    nameFa: 'امتیاز Z آلتمن',
    formulaFa:
      'Z = ۱٫۲X₁ + ۱٫۴X₂ + ۳٫۳X₃ + ۰٫۶X₄ + ۱٫۰X₅؛ ′Z = ۰٫۷۱۷X₁ + ۰٫۸۴۷X₂ + ۳٫۱۰۷X₃ + ۰٫۴۲X₄ + ۰٫۹۹۸X₅؛ ″Z = ۶٫۵۶X₁ + ۳٫۲۶X₂ + ۶٫۷۲X₃ + ۱٫۰۵X₄ (X₁ سرمایه در گردش، X₂ سود انباشته، X₃ سود عملیاتی، X₅ درآمد، هر یک ÷ جمع دارایی‌ها؛ X₄ حقوق مالکانه ÷ جمع بدهی‌ها)',
    items: [
      'current_assets',
      'current_liabilities',
      'total_assets',
      'retained_earnings',
      'operating_profit',
      'total_liabilities',
      'total_equity',
      'revenue',
    ],
    source: 'Altman (1968); Altman (1983); Altman, Hartzell & Peck (1995) — altman.ts',
  },
  'article-141': {
    nameFa: 'ماده ۱۴۱ قانون تجارت',
    formulaFa: 'زیان انباشته ÷ سرمایه ≥ ۰٫۵',
    items: ['retained_earnings', 'capital'],
    source: 'Commercial Code amendment of 1347, art. 141 — article141.ts',
  },
};

/** One calculation of one statement: a number, Altman's score, article 141, or why not. */
export type CalculationResult = Computed<number> | Computed<ZScore> | Computed<Article141>;

/** The calculation `key` of one statement's `items` for `company` (see `evaluateStatement`). */
export function calculate(
  key: CalculationKey,
  items: LineItems,
  company: EvaluatedCompany,
): CalculationResult {
  switch (key) {
    case 'marginal-profit':
      return ratios(items).netProfitMargin;
    case 'return-on-asset':
      return ratios(items).returnOnAssets;
    case 'assets-turnover':
      return ratios(items).assetTurnover;
    case 'financial-leverage':
      return ratios(items).financialLeverage;
    case 'return-on-equity':
      return ratios(items).returnOnEquity;
    case 'z-altman':
      return altmanZ(chooseZVariant(company), items, company.marketValueOfEquity);
    default:
      return article141(items);
  }
}
