import { useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { PrintPage } from '~/ui/print/print-page.tsx';
import { statusReportQuery } from '../api.ts';
import { StatusDocument } from './status-document.tsx';

/**
 * /status-print/{id} and /status-print-form/{id} (layout `empty`): the company status report as
 * A4 pages, filled (every section as saved, drafts marked) or as the paper form (`blank`: what
 * the registry knows printed, boxes and empty rows for the rest).
 */
export function StatusPrintScreen({ id, blank = false }: { id: number; blank?: boolean }) {
  const q = useQuery(statusReportQuery(id));
  const r = q.data;
  const name = r?.company.name ?? '';
  const missing = q.error instanceof ApiError && q.error.status === 404;
  return (
    <PrintPage
      title={blank ? `فرم گزارش وضعیت ${name}` : `گزارش وضعیت ${name}`}
      meta={r?.company.national_id ? [`شناسه ملی: ${toPersianDigits(r.company.national_id)}`] : []}
      back={{ label: 'بازگشت', onClick: () => window.history.back() }}
      printLabel={blank ? 'چاپ فرم' : 'چاپ گزارش'}
      pending={q.isPending}
      error={q.isError && (missing ? 'این شخص حقوقی پیدا نشد؛ شاید حذف شده باشد.' : q.error.message)}
    >
      {r && <StatusDocument sections={r.sections} blank={blank} />}
    </PrintPage>
  );
}
