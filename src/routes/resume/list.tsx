import { createFileRoute } from '@tanstack/react-router';
import { ResumeListScreen } from '~/features/resume/staff/resume-list-screen.tsx';
import { resumesSearch } from '~/features/resume/staff/search.ts';

/** Submitted resumes for the board-nomination staff; the list's view lives in the URL. */
export const Route = createFileRoute('/resume/list')({
  validateSearch: resumesSearch,
  component: ResumeListScreen,
});
