import { useQuery } from '@tanstack/react-query';
import type { ResumeDetail } from '~/contract/resume.ts';
import { api } from '~/lib/http.ts';
import { formatDateTime } from '~/ui/format.ts';
import { PrintPage } from '~/ui/print/print-page.tsx';
import { ResumeDocument } from './resume-document.tsx';

export interface PrintViewProps {
  /** GET address of the resume (own, or the staff view of a national code). */
  source: string;
  /** The address of one of its files. */
  fileUrl(id: number): string;
  /** The guest's own view handles its 401 (no staff sign-out). */
  guest?: boolean;
  back?: { label: string; onClick(): void };
}

/**
 * The resume as clean A4 pages (src/ui/print: header with app, name and print date, page
 * numbers, no chrome when printing), every section.
 */
export function PrintView({ source, fileUrl, guest, back }: PrintViewProps) {
  const q = useQuery({
    queryKey: ['resume-print', source],
    queryFn: () => api<ResumeDetail>(source, { quiet: true, handles401: guest }),
    retry: false,
  });
  const r = q.data;
  const name = r?.personal ? `${r.personal.first_name} ${r.personal.last_name}` : '';
  return (
    <PrintPage
      title={`رزومه ${name}`}
      meta={r?.guest.submitted_at ? [`تاریخ ارسال: ${formatDateTime(r.guest.submitted_at)}`] : []}
      back={back}
      printLabel="چاپ رزومه"
      pending={q.isPending}
      error={
        q.isError && (
          <>
            {(q.error as Error).message}
            {(q.error as { status?: number }).status === 401 && (
              <div>
                برای دیدن رزومه خود، نخست در <a href="/resume/add">صفحه ثبت رزومه</a> شماره همراه خود را تأیید
                کنید.
              </div>
            )}
          </>
        )
      }
    >
      {r && <ResumeDocument resume={r} fileUrl={fileUrl} />}
    </PrintPage>
  );
}
