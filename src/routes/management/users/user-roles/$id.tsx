import { createFileRoute, notFound } from '@tanstack/react-router';
import { userRolesQuery } from '~/features/management/api.ts';
import { UserRolesScreen } from '~/features/management/user-roles-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One user's roles. */
export const Route = createFileRoute('/management/users/user-roles/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(userRolesQuery(id));
  },
  component: UserRolesScreen,
});
