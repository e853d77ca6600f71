import type { ImportReport, ImportResult } from '~/contract/person-transfer.ts';
import { ApiError, api } from '~/lib/http.ts';
import { LIST_BASE, type TransferList } from './export-url.ts';

/**
 * The transfer calls (contract/person-transfer.ts): the import (dry run or for real) and file
 * downloads with the server's Persian file name.
 */

/** What an import answered: the report, and whether the rows were written. */
export type ImportOutcome =
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'written'; result: ImportResult }
  | { kind: 'refused'; report: ImportReport };

/**
 * POST …/import (multipart `file`, `dry_run`). A 422 with a report (a bad row) comes back as
 * `refused`; any other failure (a file that is no sheet, 403 …) throws ApiError (quiet: the
 * dialog shows it).
 */
export async function importFile(list: TransferList, file: File, dryRun: boolean): Promise<ImportOutcome> {
  const form = new FormData();
  form.set('file', file);
  form.set('dry_run', dryRun ? '1' : '0');
  try {
    const data = await api<ImportReport | ImportResult>(`${LIST_BASE[list]}/import`, {
      method: 'POST',
      body: form,
      quiet: true,
    });
    return dryRun ? { kind: 'checked', report: data } : { kind: 'written', result: data as ImportResult };
  } catch (err) {
    const report = (err instanceof ApiError && (err.body as { report?: ImportReport }).report) || null;
    if (report) return { kind: 'refused', report };
    throw err;
  }
}

export { downloadFile } from '~/lib/download.ts';
