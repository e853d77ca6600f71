import { lazy } from 'react';
import { registerRecordSection } from '~/lib/record-sections.ts';

/** What the branches feature adds to other screens: the «شعب» section of a company's view. */
registerRecordSection('legal', {
  id: 'branches',
  title: 'شعب',
  order: 10,
  Component: lazy(() => import('./branches-section.tsx').then((m) => ({ default: m.BranchesSection }))),
});
