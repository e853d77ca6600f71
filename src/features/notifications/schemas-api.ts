import { queryOptions } from '@tanstack/react-query';
import type { NotificationRole } from '~/contract/notification-schemas.ts';
import { api } from '~/lib/http.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';

/** The /notifications/schemas URL schema (q only: the schemas are a whole list; imported by the route file). */
export const notificationSchemasSearch = listSearchSchema([]);

/** GET /api/notification-schemas/roles: the roles a schema may send to, by title (the form's choices). */
export const notificationRolesQuery = queryOptions({
  queryKey: ['notifications', 'schemas', 'roles'],
  queryFn: ({ signal }) =>
    api<NotificationRole[]>('/api/notification-schemas/roles', { signal, quiet: true }),
  staleTime: 60_000,
});
