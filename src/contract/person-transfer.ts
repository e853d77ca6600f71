import { z } from 'zod';
import { toAsciiDigits } from '../domain/persian-text.ts';
import { listQuerySchema } from './list.ts';

/**
 * Export and import of legal and true persons (Excel .xlsx or CSV), shared by server and client.
 *
 * Export — GET /api/person/legal-persons/export (`person.legal.list`) and
 * GET /api/person/true-persons/export (`person.true.list`), query `exportQuerySchema`: the list's
 * own query (q, advanceFilter, plain filter parameters, sortBy, descending) plus `format`
 * (xlsx | csv, default xlsx) and `ids` (`ids=1,2,3` or repeated `ids[]=1`: only those rows, at
 * most EXPORT_MAX_IDS). Answers the file, streamed, with `Content-Disposition: attachment;
 * filename*=UTF-8''…` (Persian name with the Jalali date). Columns are the list's export
 * declaration (server/modules/persons/lists.ts): Persian headers; dates as Jalali text
 * `yyyy/mm/dd` in ASCII digits; amounts and counts as numbers (xlsx: thousands format); yes/no as
 * «بله» / «خیر»; codes (kind, status, gender) by their Persian labels; cities, industries and the
 * supervising body by name. xlsx: one right-to-left sheet, header row frozen. csv: UTF-8 with BOM.
 *
 * Template — GET /api/person/legal-persons/import-template?format=xlsx|csv (`person.legal.edit`)
 * and …/true-persons/import-template (`person.true.edit`): the export's header row, no rows.
 *
 * Import — POST /api/person/legal-persons/import (`person.legal.edit`) and
 * POST /api/person/true-persons/import (`person.true.edit`), multipart: `file` (.xlsx or .csv by
 * its bytes, at most IMPORT_MAX_BYTES, at most IMPORT_MAX_ROWS data rows) and `dry_run` (1 | 0,
 * default 1). Every row is checked as the create form is (legalPersonInput / truePersonInput and
 * the create's server checks), and against the other rows of the file (national id / code).
 * Dry run → `{ data: ImportReport }`, nothing written. Real run → `{ data: ImportReport & {
 * created } }` with every row written in one transaction (one audit row per record), or — when
 * any row is bad — 422 `{ message, report: ImportReport }` and nothing written. A file that is not
 * xlsx/csv, too large, empty or without the template's header row → 422 `{ errors: { file: [...] } }`.
 */

export const TRANSFER_FORMATS = ['xlsx', 'csv'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];

/** At most this many ids in one `ids` selection. */
export const EXPORT_MAX_IDS = 5000;
/** Largest import file: 10 MB (the API's body limit is 16 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows in one import file. */
export const IMPORT_MAX_ROWS = 20_000;

const formatField = z.enum(TRANSFER_FORMATS, { error: 'قالب پرونده باید xlsx یا csv باشد' }).default('xlsx');

/** `ids=1,2,3` or `ids[]=1&ids[]=2` → distinct positive integers. */
const idsField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => toAsciiDigits(s).split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.some((s) => !/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'شناسه‌های انتخاب‌شده معتبر نیستند' });
      return z.NEVER;
    }
    const ids = [...new Set(parts.map(Number))];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'هیچ ردیفی انتخاب نشده است' });
      return z.NEVER;
    }
    if (ids.length > EXPORT_MAX_IDS) {
      ctx.addIssue({ code: 'custom', message: 'حداکثر ۵۰۰۰ ردیف انتخاب‌شده را می‌توان یک‌جا خروجی گرفت' });
      return z.NEVER;
    }
    return ids;
  });

/** The export's query: the list query plus `format` and `ids`. */
export const exportQuerySchema = listQuerySchema.extend({ format: formatField, ids: idsField });
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** The template's query. */
export const templateQuerySchema = z.looseObject({ format: formatField });

/** The import's multipart body. */
export const importBodySchema = z.object({
  file: z.custom<File>((v) => v instanceof Blob, { error: 'پرونده‌ای برای ورود برگزینید' }),
  dry_run: z
    .enum(['1', '0', 'true', 'false'], { error: 'dry_run باید ۱ یا ۰ باشد' })
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});

/** One problem of one row. */
export const importRowError = z.object({
  /** The row as Excel numbers it: the header is row 1, the first data row 2. */
  row: z.number().int(),
  /** The column's Persian header, or '' when the problem is the row as a whole. */
  column: z.string(),
  /** The form field (`national_id`, `registration_city_id` …), or '' for the row. */
  field: z.string(),
  /** Persian. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** What an import found: data rows read, rows without any problem, and each problem. */
export const importReport = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowError),
});
export type ImportReport = z.infer<typeof importReport>;

/** The real import's answer. */
export const importResult = importReport.extend({
  /** Records written (= rows). */
  created: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** The import's answer: the result of a real run, or the report of a dry run. */
export const importAnswer = z.union([importResult, importReport]);

/** Media types of the export and the template files (csv is sent with `; charset=utf-8`). */
export const TRANSFER_MEDIA_TYPES: Record<TransferFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** Persian names of the formats, for menus and file names. */
export const FORMAT_LABELS: Record<TransferFormat, string> = { xlsx: 'Excel', csv: 'CSV' };
