import { PrintView } from './print-view.tsx';

/** /resume/print/ViewResume/{ncode}: a submitted resume for staff holding `resumes`. */
export function StaffPrintScreen({ ncode }: { ncode: string }) {
  const base = `/api/person/resume/view/${encodeURIComponent(ncode)}`;
  return (
    <PrintView
      source={base}
      fileUrl={(id) => `${base}/documents/${id}`}
      back={{ label: 'بازگشت', onClick: () => window.history.back() }}
    />
  );
}
