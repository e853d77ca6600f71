import { createFileRoute } from '@tanstack/react-router';
import { TruePersonCreateScreen } from '~/features/persons/edit/person-form.tsx';

/** A new true person: the form, checked with the contract before it is sent. */
export const Route = createFileRoute('/person/true-persons/create')({
  component: TruePersonCreateScreen,
});
