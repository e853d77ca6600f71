import { createFileRoute } from '@tanstack/react-router';
import { ResumeAddScreen } from '~/features/resume/guest/resume-add-screen.tsx';

/** The applicant's resume (public; the empty layout): identify by SMS, seven steps, submit. */
export const Route = createFileRoute('/resume/add')({
  component: ResumeAddScreen,
});
