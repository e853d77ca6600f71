import type { BodsImportError, BodsImportSummary } from '~/contract/bods.ts';
import { todayIso } from '~/domain/jalali.ts';
import { ApiError, api } from '~/lib/http.ts';

/** The BODS calls (contract/bods.ts): the import, dry run or real, and the export's address. */

/** What an import answered: the summary of a dry run or of a written import, or the refusal. */
export type BodsOutcome =
  | { kind: 'checked'; summary: BodsImportSummary }
  | { kind: 'written'; summary: BodsImportSummary }
  | { kind: 'refused'; message: string; errors: BodsImportError[] };

/**
 * POST /api/ownership/bods/import?dry_run=… with the package as the multipart `file`. A 422
 * listing the package's problems comes back as `refused`; any other failure (a file that is not
 * JSON, 403, …) throws ApiError, quiet: the panel shows it.
 */
export async function importBods(file: File, dryRun: boolean): Promise<BodsOutcome> {
  const form = new FormData();
  form.set('file', file);
  try {
    const summary = await api<BodsImportSummary>('/api/ownership/bods/import', {
      method: 'POST',
      query: { dry_run: dryRun ? '1' : '0' },
      body: form,
      quiet: true,
    });
    return { kind: dryRun ? 'checked' : 'written', summary };
  } catch (err) {
    const errors = err instanceof ApiError && (err.body as { bods_errors?: BodsImportError[] }).bods_errors;
    if (errors) return { kind: 'refused', message: err.message, errors };
    throw err;
  }
}

/** GET /api/ownership/bods/export: every holding valid today (the browser's day). */
export const bodsExportUrl = () => `/api/ownership/bods/export?as_of=${todayIso()}`;
