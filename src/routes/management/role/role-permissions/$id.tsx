import { createFileRoute, notFound } from '@tanstack/react-router';
import { rolePermissionsQuery } from '~/features/management/api.ts';
import { RolePermissionsScreen } from '~/features/management/role-permissions-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One role's permissions. */
export const Route = createFileRoute('/management/role/role-permissions/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(rolePermissionsQuery(id));
  },
  component: RolePermissionsScreen,
});
