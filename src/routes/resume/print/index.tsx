import { createFileRoute } from '@tanstack/react-router';
import { GuestPrintScreen } from '~/features/resume/print/guest-print-screen.tsx';

/** The applicant's own resume as A4 pages (public route; the guest session decides). */
export const Route = createFileRoute('/resume/print/')({
  component: GuestPrintScreen,
});
