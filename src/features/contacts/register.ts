import { lazy } from 'react';
import { registerRecordSection } from '~/lib/record-sections.ts';

/** What the contacts feature adds to other screens: the «اطلاعات تماس» section of a company's and a person's view. */
const ContactsSection = lazy(() =>
  import('./contacts-section.tsx').then((m) => ({ default: m.ContactsSection })),
);
for (const kind of ['legal', 'true'] as const)
  registerRecordSection(kind, {
    id: 'contacts',
    title: 'اطلاعات تماس',
    order: 20,
    Component: ContactsSection,
  });
