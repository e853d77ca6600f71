/**
 * The print style sheet of every print view (resume, status report): A4 portrait, right to
 * left, Vazirmatn, page numbers «صفحه ۱ از ۳» in Persian digits at the foot of each page; when
 * printing, nothing but the sheet (`[data-print-sheet]`): no chrome, toasts or buttons
 * (`[data-print-hide]`). Tables repeat their header on each page; rows and blocks marked
 * `[data-print-keep]` do not break across pages.
 */
export const PRINT_CSS = `
@page {
  size: A4 portrait;
  margin: 16mm 14mm 18mm 14mm;
  @bottom-center {
    content: "صفحه " counter(page, persian) " از " counter(pages, persian);
    font-family: Vazirmatn, sans-serif;
    font-size: 9pt;
    color: #555;
  }
}
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  [data-print-sheet], [data-print-sheet] * { visibility: visible; }
  [data-print-sheet] { position: absolute; inset-inline-start: 0; inset-block-start: 0; width: 100%; border: none !important; padding: 0 !important; margin: 0 !important; max-width: none !important; }
  [data-print-hide] { display: none !important; }
  [data-print-keep] { break-inside: avoid; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}`;
