import { createFileRoute } from '@tanstack/react-router';
import { WebinarPage } from '~/features/shell/public/webinar-page.tsx';

export const Route = createFileRoute('/webinar')({
  component: WebinarPage,
});
