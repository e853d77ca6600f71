import { createFileRoute } from '@tanstack/react-router';
import { RolesScreen } from '~/features/management/roles-screen.tsx';
import { rolesSearch } from '~/features/management/search.ts';

/** The roles and a form for a new one. */
export const Route = createFileRoute('/management/roles')({
  validateSearch: rolesSearch,
  component: RolesScreen,
});
