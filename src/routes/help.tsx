import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '~/features/shell/public/help-page.tsx';

export const Route = createFileRoute('/help')({
  component: HelpPage,
});
