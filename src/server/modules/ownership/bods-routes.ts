import {
  BODS_IMPORT_MAX_BYTES,
  BODS_IMPORT_MAX_STATEMENTS,
  BODS_MEDIA_TYPE,
  type BodsImportSummary,
  bodsExportQuery,
  bodsImportBody,
  bodsImportQuery,
  bodsImportSummary,
} from '../../../contract/bods.ts';
import { jalaliOfIso, todayIso } from '../../../domain/jalali.ts';
import { type BodsError, parseBodsPackage } from '../../../domain/ownership/bods.ts';
import { formatNumber } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/pg-errors.ts';
import { contentDisposition } from '../../files/sniff.ts';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.ts';
import { assertCleanInput } from '../../http/input.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { importBods } from './bods.ts';
import { bodsExport } from './bods-export.ts';

/** 422 with every problem of a refused package: nothing was written. */
function refused(errors: readonly BodsError[]): HttpError {
  return new HttpError(
    422,
    'بستهٔ BODS با استاندارد ۰٫۴ سازگار نیست؛ هیچ چیزی ثبت نشد. بیانیه‌های نام‌برده را اصلاح کنید و دوباره بفرستید',
    undefined,
    {
      bods_errors: errors.map((e) => ({
        statement_id: e.statementId,
        index: e.index,
        path: e.path,
        reason: e.reason,
      })),
    },
  );
}

/** The package of the body: the JSON array itself, or the JSON text of the multipart `file`. */
async function packageOf(body: unknown[] | { file: File }): Promise<unknown> {
  if (Array.isArray(body)) return body;
  const { file } = body;
  if (file.size > BODS_IMPORT_MAX_BYTES) throw invalid({ file: ['حجم پرونده BODS حداکثر ۱۰ مگابایت است'] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw invalid({ file: ['پرونده BODS باید متنی با کدگذاری UTF-8 باشد'] });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw invalid({ file: ['پرونده BODS باید JSON معتبر باشد'] });
  }
  // what a JSON body is checked for where it enters (a NUL, nesting): the file's content too
  assertCleanInput(value);
  return value;
}

/** Thrown inside the dry run's transaction to roll it back, carrying the summary. */
class DryRun extends Error {
  constructor(readonly summary: Omit<BodsImportSummary, 'dry_run'>) {
    super('dry run');
  }
}

/** Import and export of BODS 0.4 packages (issue 17, "Interchange"; contract/bods.ts). */
export const bodsOwnershipRoutes: AnyRoute[] = [
  /**
   * POST /api/ownership/bods/import?dry_run=1|0 (`ownership.manage`) — body: the BODS 0.4
   * package, a JSON array of statements, or a multipart form with it as `file` (.json, at most
   * 10 MB); at most 20,000 statements. Parsed by domain/ownership/bods.ts; matched, created and
   * written by modules/ownership/bods.ts (records matched by national id / code, this product's
   * export ids, earlier imports or, entities only, by name; shareholding interests written as
   * direct or declared indirect holdings; other interests skipped with their reason), in one
   * transaction with its audit rows and the state classes recomputed. `dry_run` (default 1) runs
   * the same inside a transaction that is rolled back. Answers `BodsImportSummary` (counts of
   * entities and persons created / matched, holdings added / updated / unchanged / indirect, each
   * record and holding, each interest skipped). Errors: 422 `{ message, bods_errors: [{
   * statement_id, index, path, reason }] }` with every problem of a package that breaks the
   * schema (or two interests with one holding's key), nothing written; 422 `{ errors: { file } }`
   * for a file that is not UTF-8 JSON or is too large; 409 when another save took a national id
   * or code meanwhile (nothing written; send again).
   */
  defineRoute({
    method: 'post',
    path: '/api/ownership/bods/import',
    permission: 'ownership.manage',
    summary: 'Import a BODS 0.4 package of ownership (dry run or all-or-nothing)',
    tags: ['ownership'],
    query: bodsImportQuery,
    body: bodsImportBody,
    response: bodsImportSummary,
    async handler({ db, deps, query, body, audit }) {
      const raw = await packageOf(body);
      if (Array.isArray(raw) && raw.length > BODS_IMPORT_MAX_STATEMENTS)
        throw refused([
          {
            statementId: null,
            index: -1,
            path: '',
            reason: `بسته ${formatNumber(raw.length)} بیانیه دارد؛ حداکثر ${formatNumber(BODS_IMPORT_MAX_STATEMENTS)} بیانیه را می‌توان یک‌جا وارد کرد`,
          },
        ]);
      const parsed = parseBodsPackage(raw);
      if (!parsed.ok) throw refused(parsed.errors);
      const statements = (raw as unknown[]).length;
      const statementIndex = new Map<string, number>();
      (raw as { statementId?: unknown }[]).forEach((s, k) => {
        if (typeof s.statementId === 'string' && !statementIndex.has(s.statementId))
          statementIndex.set(s.statementId, k);
      });
      const run = (tx: Db) =>
        importBods(tx, parsed.package, { statements, statementIndex, now: deps.now(), audit });
      try {
        if (!query.dry_run)
          return { dry_run: false, ...(await db.transaction((t) => run(t as unknown as Db))) };
        try {
          await db.transaction(async (t) => {
            throw new DryRun(await run(t as unknown as Db));
          });
        } catch (e) {
          if (!(e instanceof DryRun)) throw e;
          return { dry_run: true, ...withoutDryRunIds(e.summary) };
        }
        throw new Error('unreachable: the dry run always rolls back');
      } catch (e) {
        if (pgError(e).code === '23505')
          throw conflict(
            'هم‌زمان با این ورود، شناسهٔ ملی یا کد ملی یکی از اشخاص بسته جای دیگری ثبت شد؛ هیچ چیزی ثبت نشد. دوباره بفرستید',
          );
        throw e;
      }
    },
  }),
  /**
   * GET /api/ownership/bods/export?company_id=&as_of= (`person.legal.view`) — the holdings valid
   * on `as_of` (ISO day, default today) as a BODS 0.4 package (a JSON array of statements,
   * application/vnd.nazer.bods+json), downloaded as `nazer-bods-<Jalali date of as_of, yyyy-mm-dd>.json`: every
   * holding, or with `company_id` the company's owners upward and its subsidiaries downward
   * (modules/ownership/bods-export.ts). Legal persons are entities `nazer-legal-<id>`, true
   * persons persons `nazer-true-<id>`, with their national id (scheme IR-NID) or national code
   * (IR-NC). 404 «شخص حقوقی یافت نشد»; 422 for a bad date or id.
   */
  defineRoute({
    method: 'get',
    path: '/api/ownership/bods/export',
    permission: 'person.legal.view',
    summary: 'Export the holdings valid on a date as a BODS 0.4 package',
    tags: ['ownership'],
    query: bodsExportQuery,
    response: { file: [BODS_MEDIA_TYPE] },
    async handler({ db, deps, query }) {
      const now = deps.now();
      const day = query.as_of ?? todayIso(now);
      const statements = await bodsExport(db, { companyId: query.company_id, day, now });
      if (!statements) throw notFound('شخص حقوقی یافت نشد');
      const name = `nazer-bods-${jalaliOfIso(day).replaceAll('/', '-')}.json`;
      return new Response(JSON.stringify(statements, null, 2), {
        headers: {
          'content-type': `${BODS_MEDIA_TYPE}; charset=utf-8`,
          'content-disposition': contentDisposition(name, BODS_MEDIA_TYPE),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  }),
];

/** A dry run's records: the ids of persons it created were rolled back with it. */
function withoutDryRunIds(s: Omit<BodsImportSummary, 'dry_run'>): Omit<BodsImportSummary, 'dry_run'> {
  const created = new Set(s.records.filter((r) => r.outcome === 'created').map((r) => `${r.kind}${r.id}`));
  return {
    ...s,
    records: s.records.map((r) => (created.has(`${r.kind}${r.id}`) ? { ...r, id: null } : r)),
  };
}
