import { createFileRoute } from '@tanstack/react-router';
import { usersSearch } from '~/features/management/search.ts';
import { UsersScreen } from '~/features/management/users-screen.tsx';

/** Staff accounts; the list's view lives in the URL. */
export const Route = createFileRoute('/management/users/list')({
  validateSearch: usersSearch,
  component: UsersScreen,
});
