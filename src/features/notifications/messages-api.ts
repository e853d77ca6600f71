import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type {
  AudienceRole,
  AudienceUser,
  MessageCreateInput,
  MessageInput,
  MessagePreview,
  MessagePreviewInput,
  MessageRow,
} from '~/contract/notification-messages.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/** The calls of /notifications/sms (shapes in src/contract/notification-messages.ts). */

const BASE = '/api/notification-messages';

export const messageKeys = {
  all: ['notification-messages'] as const,
  list: ['notification-messages', 'list'] as const,
  preview: (body: MessagePreviewInput) => ['notification-messages', 'preview', body] as const,
};

/** GET /api/notification-messages: one page of the messages, newest first by default. */
export const fetchMessages = (params: ListParams, signal: AbortSignal) =>
  api<ListPage<MessageRow>>(BASE, { query: toRequestQuery(params), signal, quiet: true });

/** GET /api/notification-messages/:id: one message (a composer opened by its URL). */
export const fetchMessage = (id: number, signal?: AbortSignal) =>
  api<MessageRow>(`${BASE}/${id}`, { signal, quiet: true });

/** POST /preview: recipients, those with a mobile, three samples, SMS parts (quiet: shown in place). */
export const previewQuery = (body: MessagePreviewInput) =>
  queryOptions({
    queryKey: messageKeys.preview(body),
    queryFn: ({ signal }) => api<MessagePreview>(`${BASE}/preview`, { body, signal, quiet: true }),
    staleTime: 5_000,
    retry: false,
  });

/** GET /roles: every role with its active users (the roles audience's choices). */
export const audienceRolesQuery = queryOptions({
  queryKey: ['notification-messages', 'roles'],
  queryFn: ({ signal }) => api<AudienceRole[]>(`${BASE}/roles`, { signal, quiet: true }),
  staleTime: 60_000,
});

/** GET /users?q= (up to 20 active users) or ?ids= (the chosen ones, by id). */
export const audienceUsersQuery = (query: { q?: string; ids?: readonly number[] }) =>
  queryOptions({
    queryKey: ['notification-messages', 'users', query.q ?? '', query.ids?.join(',') ?? ''],
    queryFn: ({ signal }) =>
      api<AudienceUser[]>(`${BASE}/users`, {
        query: { q: query.q, ids: query.ids?.length ? query.ids.join(',') : undefined },
        signal,
        quiet: true,
      }),
    staleTime: 30_000,
  });

/** POST: a draft, or with `send` written and sent at once. */
export const createMessage = (body: MessageCreateInput) =>
  api<MessageRow>(BASE, { method: 'POST', body, quiet: true });

/** PATCH /:id: rewrites a draft. */
export const updateMessage = (id: number, body: MessageInput) =>
  api<MessageRow>(`${BASE}/${id}`, { method: 'PATCH', body, quiet: true });

/** DELETE /:id: removes a draft. */
export const deleteMessage = (id: number) => api<{ id: number }>(`${BASE}/${id}`, { method: 'DELETE' });

/** POST /:id/send: sends a saved draft. */
export const sendMessage = (id: number) =>
  api<MessageRow>(`${BASE}/${id}/send`, { method: 'POST', quiet: true });
