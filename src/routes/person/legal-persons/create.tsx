import { createFileRoute } from '@tanstack/react-router';
import { LegalPersonCreateScreen } from '~/features/persons/edit/person-form.tsx';

/** A new legal person: the form, checked with the contract before it is sent. */
export const Route = createFileRoute('/person/legal-persons/create')({
  component: LegalPersonCreateScreen,
});
