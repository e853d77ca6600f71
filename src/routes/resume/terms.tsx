import { createFileRoute } from '@tanstack/react-router';
import { termsSearch } from '~/features/resume/staff/search.ts';
import { TermsScreen } from '~/features/resume/staff/terms-screen.tsx';

/** The resume's term-and-condition questions (create, edit, deactivate, delete). */
export const Route = createFileRoute('/resume/terms')({
  validateSearch: termsSearch,
  component: TermsScreen,
});
