import { z } from 'zod';
import { ENTRY_STATE_LABELS_FA, ENTRY_STATES } from '../domain/finance/statement-entry.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { COMPANY_FILTERS, companyColumns } from './financial-statements.ts';
import { companyArticle141, companyStateClass, OWNERSHIP_TYPES } from './legal-person.ts';
import { CODE_FILTER_OPS, type FilterOp } from './list.ts';

const CHOICE_OPS: readonly FilterOp[] = ['eq', 'neq', 'in'];

/** An entry state, or a fiscal year past its due date with no statement at all (a filter of the matrix). */
export const MATRIX_STATES = [...ENTRY_STATES, 'missing'] as const;
export const MATRIX_STATE_LABELS_FA: Record<(typeof MATRIX_STATES)[number], string> = {
  ...ENTRY_STATE_LABELS_FA,
  missing: 'ارسال‌نشده (بدون صورت مالی)',
};

/**
 * The entry-state matrix (/performance/financial-statements-entry-state/list): one row per live
 * company or holding, one column per fiscal year of the range asked (`from_year`..`to_year`), each
 * cell the entry state of the company's annual statement of that year (or none). Filtered by
 * industry, supervising body, ownership type and state (a company with at least one year of the
 * range in one of the states asked; `missing`: a year without a statement).
 */
export const entryMatrixEntity = defineEntity({
  name: 'statement_entry_matrix',
  title: 'وضعیت ورود صورت‌های مالی',
  plural: 'وضعیت ورود صورت‌های مالی',
  id: 'id',
  display: 'company',
  defaultSort: 'company',
  search: 'نام شرکت یا نماد',
  permissions: { list: 'financial.statements' },
  paths: { list: '/api/performance/financial-statements-entry-state' },
  intro: 'وضعیت ورود صورت‌های مالی سالانه هر شرکت در سال‌های مالی اخیر',
  emptyText: 'شرکتی با این شرایط یافت نشد',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    ...companyColumns({ company: 220, ticker: 70, industry: 110 }),
    supervising_body_id: COMPANY_FILTERS.supervising_body_id,
    ownership_type: {
      type: 'text',
      label: 'نوع مالکیت',
      nullable: true,
      options: OWNERSHIP_TYPES,
      column: { width: 84, order: 3 },
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'ownership' },
    },
    article_141: companyArticle141,
    state_class: companyStateClass({ width: 96, order: 4 }),
    entry_state: {
      ...optionsOf(MATRIX_STATES, MATRIX_STATE_LABELS_FA),
      label: 'وضعیت ورود',
      notInRow: true,
      filter: CHOICE_OPS,
      filterAs: { url: 'state' },
    },
  },
});

/** One cell of the matrix: the company's annual statement of a year. */
export const matrixCell = z.object({
  id: z.number().int(),
  state: z.enum(ENTRY_STATES),
  checks_passed: z.boolean(),
  late: z.boolean(),
  article_141: z.boolean().nullable(),
});
export type MatrixCell = z.infer<typeof matrixCell>;

/** A row of the matrix: the company and its cells by fiscal year (a year without a statement is absent). */
export const matrixRow = rowSchema(entryMatrixEntity).extend({ cells: z.record(z.string(), matrixCell) });
export type MatrixRow = z.infer<typeof matrixRow>;

/** The matrix's year range (Jalali fiscal years, at most 15), besides the list's own parameters. */
export const matrixYears = z.object({
  from_year: z.coerce
    .number({ error: 'سال مالی نامعتبر است' })
    .int('سال مالی نامعتبر است')
    .min(1300, 'سال مالی نامعتبر است')
    .max(1500, 'سال مالی نامعتبر است'),
  to_year: z.coerce
    .number({ error: 'سال مالی نامعتبر است' })
    .int('سال مالی نامعتبر است')
    .min(1300, 'سال مالی نامعتبر است')
    .max(1500, 'سال مالی نامعتبر است'),
});
