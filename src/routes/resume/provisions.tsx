import { createFileRoute } from '@tanstack/react-router';
import { ProvisionsScreen } from '~/features/resume/staff/provisions-screen.tsx';
import { provisionsSearch } from '~/features/resume/staff/search.ts';

/** The provisions every applicant accepts (create, edit, deactivate, delete). */
export const Route = createFileRoute('/resume/provisions')({
  validateSearch: provisionsSearch,
  component: ProvisionsScreen,
});
