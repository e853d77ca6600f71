import { createFileRoute } from '@tanstack/react-router';
import { notificationSchemasSearch } from '~/features/notifications/schemas-api.ts';
import { NotificationSchemasScreen } from '~/features/notifications/schemas-screen.tsx';

/** The notification schemas (permission notifications): list, create, edit with a live preview, delete. */
export const Route = createFileRoute('/notifications/schemas')({
  validateSearch: notificationSchemasSearch,
  component: NotificationSchemasScreen,
});
