import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '~/features/notifications/messages-screen.tsx';
import { messagesSearch } from '~/features/notifications/messages-search.ts';

/** Staff-sent messages: the list, and the composer (`compose`, `persons`) in the URL. */
export const Route = createFileRoute('/notifications/sms')({
  validateSearch: messagesSearch,
  component: MessagesScreen,
});
