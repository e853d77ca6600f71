import { lazy } from 'react';
import { registerEntityActions } from '~/lib/entity-actions.ts';
import { registerRecordSection } from '~/lib/record-sections.ts';

/**
 * What the issues feature adds to other screens: the «موضوعات» section of a company's and a
 * person's view (the latest issues, and a link to all of them), and «موضوعات» among a company's
 * or a person's actions in the palette (/issues/{object_type}/{object_id}).
 */
const RecordIssuesSection = lazy(() =>
  import('./record-issues-section.tsx').then((m) => ({ default: m.RecordIssuesSection })),
);
for (const kind of ['legal', 'true'] as const)
  registerRecordSection(kind, { id: 'issues', title: 'موضوعات', order: 40, Component: RecordIssuesSection });

const keywords = ['issues', 'audit', 'letters', 'موضوع', 'موضوعات', 'نامه', 'مکاتبات'];
registerEntityActions('legal', [
  { id: 'legal.issues', title: 'موضوعات', keywords, href: (e) => `/issues/legal_person/${e.id}` },
]);
registerEntityActions('true', [
  { id: 'true.issues', title: 'موضوعات', keywords, href: (e) => `/issues/true_person/${e.id}` },
]);
