import { PrintView } from './print-view.tsx';

/** /resume/print: the guest's own resume, ready to print. */
export function GuestPrintScreen() {
  return (
    <PrintView
      source="/api/person/resume"
      fileUrl={(id) => `/api/person/resume/documents/${id}`}
      guest
      back={{ label: 'بازگشت به رزومه', onClick: () => window.location.assign('/resume/add') }}
    />
  );
}
