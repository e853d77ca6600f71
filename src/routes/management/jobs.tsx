import { createFileRoute } from '@tanstack/react-router';
import { JobsScreen } from '~/features/jobs/jobs-screen.tsx';
import { jobsSearch } from '~/features/jobs/search.ts';

/** The job queue (permission management.system): jobs with state, attempts, error; retry and cancel. */
export const Route = createFileRoute('/management/jobs')({
  validateSearch: jobsSearch,
  component: JobsScreen,
});
