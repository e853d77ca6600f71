import { lazy } from 'react';
import { registerRecordSection } from '~/lib/record-sections.ts';

/** What the documents feature adds to other screens: the «مستندات» section of a company's and a person's view. */
const DocumentsSection = lazy(() =>
  import('./documents-section.tsx').then((m) => ({ default: m.DocumentsSection })),
);
for (const kind of ['legal', 'true'] as const)
  registerRecordSection(kind, { id: 'documents', title: 'مستندات', order: 30, Component: DocumentsSection });
