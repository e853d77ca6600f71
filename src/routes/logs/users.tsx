import { createFileRoute } from '@tanstack/react-router';
import { LoginLogScreen } from '~/features/logs/login-log-screen.tsx';
import { loginLogSearch } from '~/features/logs/search.ts';

/** Every sign-in attempt. */
export const Route = createFileRoute('/logs/users')({
  validateSearch: loginLogSearch,
  component: LoginLogScreen,
});
