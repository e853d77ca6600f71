import { createFileRoute } from '@tanstack/react-router';
import { StaffPrintScreen } from '~/features/resume/print/staff-print-screen.tsx';

/** A submitted resume as A4 pages for staff (`resumes`). */
export const Route = createFileRoute('/resume/print/ViewResume/$ncode')({
  component: function ViewResume() {
    const { ncode } = Route.useParams();
    return <StaffPrintScreen ncode={ncode} />;
  },
});
