import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '~/features/shell/public/about-page.tsx';

export const Route = createFileRoute('/aboutus')({
  component: AboutPage,
});
