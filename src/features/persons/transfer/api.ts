import type { ImportReport, ImportResult } from '~/contract/person-transfer.ts';
import { ApiError, api } from '~/lib/http.ts';
import { toast } from '~/ui/toaster.tsx';
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

/** The file name of a Content-Disposition (`filename*=UTF-8''…` first, then `filename=`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {}
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads `url` (an export or a template) and saves it under the server's file name. A refusal
 * (a bad filter, no permission) is shown as a toast with the server's message. Resolves to the
 * saved file name, or null on failure.
 */
export async function downloadFile(url: string, fallback: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include' });
  } catch {
    toast.negative('ارتباط با سرور برقرار نشد؛ اتصال را بررسی کنید');
    return null;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    toast.negative(body.message ?? 'دریافت پرونده ممکن نشد');
    return null;
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallback);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
