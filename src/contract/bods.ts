import { z } from 'zod';
import { positiveId } from './ids.ts';
import { isoDay } from './ownership.ts';

/**
 * Import and export of the Beneficial Ownership Data Standard 0.4 (issue 17, "Interchange"),
 * shared by server and client. The reading and writing of a package is domain/ownership/bods.ts;
 * what the product does with it is server/modules/ownership/bods.ts.
 *
 * Import — POST /api/ownership/bods/import?dry_run=1|0 (`ownership.manage`; dry_run defaults to
 * 1): the body is the package, either as JSON (an array of statements, Content-Type
 * application/json) or as a multipart form with the package as the `file` (a .json file of at
 * most BODS_IMPORT_MAX_BYTES). At most BODS_IMPORT_MAX_STATEMENTS statements. Answers
 * `BodsImportSummary`: with dry_run=1 what the import would do (it runs inside a transaction that
 * is rolled back), with dry_run=0 what it did, in one transaction. A package that breaks the
 * schema: 422 `{ message, bods_errors: BodsImportError[] }` (every problem, with its statement id,
 * path and a Persian reason) and nothing written. A file that is not JSON or too large: 422
 * `{ errors: { file: [...] } }`.
 *
 * Export — GET /api/ownership/bods/export?company_id=&as_of= (`person.legal.view`): the holdings
 * valid on `as_of` (ISO day, default today) as a BODS 0.4 package (BODS_MEDIA_TYPE), downloaded as
 * `nazer-bods-<Jalali date of as_of>.json`. Without company_id every holding; with it the company's
 * owners upward (its holders, their holders, …) and its subsidiaries downward (what it holds, what
 * those hold, …). 404 when the company does not exist.
 *
 * Identifiers: a legal person's national id (شناسه ملی, 11 digits) travels as an identifier of
 * scheme IR_LEGAL_ID_SCHEME, a true person's national code (کد ملی, 10 digits) as one of scheme
 * IR_NATIONAL_CODE_SCHEME; the export writes them, the import matches by them. Neither scheme is
 * in org-id.guide (which lists no Iranian register): they are the product's, ISO 3166 country
 * code first as org-id.guide's codes are.
 */

/** Scheme of a legal person's national id (شناسه ملی) in a BODS identifier. */
export const IR_LEGAL_ID_SCHEME = 'IR-NID';
/** Scheme of a true person's national code (کد ملی) in a BODS identifier. */
export const IR_NATIONAL_CODE_SCHEME = 'IR-NC';

/** Largest package file: 10 MB (the API's body limit is 16 MB). */
export const BODS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most statements in one package. */
export const BODS_IMPORT_MAX_STATEMENTS = 20_000;

/** The import's query: `dry_run` 1 (default: only say what would happen) or 0. */
export const bodsImportQuery = z.object({
  dry_run: z
    .enum(['1', '0', 'true', 'false'], { error: 'dry_run باید ۱ یا ۰ باشد' })
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});

/** The import's body: the package as JSON, or a multipart form carrying it as `file`. */
export const bodsImportBody = z.union(
  [
    z.array(z.unknown()),
    z.object({ file: z.custom<File>((v) => v instanceof Blob, { error: 'پرونده BODS را برگزینید' }) }),
  ],
  { error: 'بستهٔ BODS باید آرایه‌ای از بیانیه‌ها (JSON) یا پرونده‌ای با نام file باشد' },
);

/** A problem of a refused package (domain/ownership/bods.ts `BodsError`). */
export const bodsImportError = z.object({
  /** null when the statement has none, or the problem is the package's */
  statement_id: z.string().nullable(),
  /** the statement's position in the package, from 0; -1 for the package itself */
  index: z.number().int(),
  /** the field, e.g. `recordDetails.interests[0].share.exact`; '' for the statement */
  path: z.string(),
  /** Persian */
  reason: z.string(),
});
export type BodsImportError = z.infer<typeof bodsImportError>;

/** The body of the 422 refusing a package. */
export const bodsImportRefusal = z.object({ message: z.string(), bods_errors: z.array(bodsImportError) });
export type BodsImportRefusal = z.infer<typeof bodsImportRefusal>;

/** How a record of the package was found among the persons already registered. */
export const BODS_MATCHES = ['national_id', 'national_code', 'export_id', 'earlier_import', 'name'] as const;
export type BodsMatch = (typeof BODS_MATCHES)[number];
export const BODS_MATCH_TITLES: Record<BodsMatch, string> = {
  national_id: 'شناسه ملی',
  national_code: 'کد ملی',
  export_id: 'شناسهٔ خروجی ناظر',
  earlier_import: 'ورود پیشین همین بیانیه',
  name: 'نام',
};

/** An entity or person of the package, and the legal or true person it became. */
export const bodsRecordOutcome = z.object({
  record_id: z.string(),
  statement_id: z.string(),
  kind: z.enum(['entity', 'person']),
  /** the registered person's name (matched), or the one it is created with */
  name: z.string(),
  outcome: z.enum(['created', 'matched']),
  /** null when created */
  matched_by: z.enum(BODS_MATCHES).nullable(),
  /** the legal (entity) or true (person) person's id; null for one created by a dry run */
  id: z.number().int().nullable(),
  /** a state entity (entityType state or stateBody) */
  is_state_entity: z.boolean(),
});
export type BodsRecordOutcome = z.infer<typeof bodsRecordOutcome>;

/** A holding the import wrote (or would write). */
export const bodsHoldingOutcome = z.object({
  /** the relationship statement, kept as the holding's source_ref */
  statement_id: z.string(),
  company: z.string(),
  holder: z.string(),
  holder_type: z.enum(['legal', 'true']),
  /** fraction 0..1; null when the package gives no exact share (unknown) */
  share: z.number().nullable(),
  /** a declared indirect interest is kept beside the computed figures, never a link */
  directness: z.enum(['direct', 'indirect']),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  outcome: z.enum(['added', 'updated', 'unchanged']),
});
export type BodsHoldingOutcome = z.infer<typeof bodsHoldingOutcome>;

/** An interest of the package that is not imported, and why (Persian). */
export const bodsSkipped = z.object({
  statement_id: z.string(),
  record_id: z.string(),
  reason: z.string(),
});

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** What an import did, or (dry run) would do. */
export const bodsImportSummary = z.object({
  dry_run: z.boolean(),
  /** statements in the package */
  statements: z.number().int(),
  entities: counts(['created', 'matched'] as const),
  persons: counts(['created', 'matched'] as const),
  /** `indirect`: how many of the holdings are declared indirect interests */
  holdings: counts(['added', 'updated', 'unchanged', 'indirect'] as const),
  records: z.array(bodsRecordOutcome),
  interests: z.array(bodsHoldingOutcome),
  skipped: z.array(bodsSkipped),
});
export type BodsImportSummary = z.infer<typeof bodsImportSummary>;

/** The export's query. */
export const bodsExportQuery = z.object({
  company_id: positiveId.optional(),
  as_of: isoDay('تاریخ').optional(),
});

/**
 * The export's media type: JSON (RFC 6839's `+json` suffix) in the product's own vendor tree, as
 * BODS registers none; a `{ data }` answer is what `application/json` means in this API.
 */
export const BODS_MEDIA_TYPE = 'application/vnd.nazer.bods+json';
