import { lazy } from 'react';
import { registerEntityActions } from '~/lib/entity-actions.ts';
import { registerRecordSection } from '~/lib/record-sections.ts';

/**
 * What boards tied to ownership add to other screens: the «هیئت مدیره و سهم دولت» section of a
 * company's view (first among the registered sections, nearest the view's own board), and the
 * interlocks of a company or a person from the palette.
 */
registerRecordSection('legal', {
  id: 'board-ownership',
  title: 'هیئت مدیره و سهم دولت',
  order: 5,
  Component: lazy(() => import('./entitlement-section.tsx').then((m) => ({ default: m.EntitlementSection }))),
});

const interlocks = (q: string) => `/person/board-interlocks?q=${encodeURIComponent(q)}`;
const keywords = ['interlock', 'board', 'interlocking directorates', 'پیوند', 'هیئت مدیره'];
registerEntityActions('legal', [
  { id: 'legal.board-interlocks', title: 'پیوندهای هیئت مدیره', keywords, href: (e) => interlocks(e.title) },
]);
registerEntityActions('true', [
  { id: 'true.board-interlocks', title: 'پیوندهای هیئت مدیره', keywords, href: (e) => interlocks(e.title) },
]);
