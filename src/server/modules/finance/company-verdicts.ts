/**
 * A company's verdicts from its statements, as SQL over a legal person aliased `lp`, for the lists
 * of companies to filter on (contract/legal-person.ts `companyArticle141`).
 */

/**
 * Article 141 as the company's latest annual statement with a verdict says (true, false, or null
 * without one): financial_statements.article_141, written on every save from
 * domain/finance/article141.ts. Static SQL text.
 */
export const LATEST_ARTICLE_141 = `(SELECT fs.article_141 FROM financial_statements fs WHERE fs.legal_person_id = lp.id
  AND fs.period_months = 12 AND fs.article_141 IS NOT NULL ORDER BY fs.fiscal_year DESC LIMIT 1)`;
