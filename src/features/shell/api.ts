import { queryOptions } from '@tanstack/react-query';
import type { KeepAlive, MenuItem } from '~/contract/auth.ts';
import type { SearchResult } from '~/contract/persons.ts';
import { api } from '~/lib/http.ts';
import { readJson, STORAGE_KEYS, writeJson } from '~/lib/storage.ts';

/** Keep-alive polling interval (header badges; each call also keeps the session alive). */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;

/** GET /api/user/menu-list for the current role, cached in local storage (cleared at role selection). */
export const menuQuery = (roleId: number) =>
  queryOptions({
    queryKey: ['menu', roleId],
    queryFn: async ({ signal }) => {
      const menu = await api<MenuItem[]>('/api/user/menu-list', { signal });
      writeJson(STORAGE_KEYS.menu, menu);
      return menu;
    },
    initialData: () => readJson<MenuItem[] | undefined>(STORAGE_KEYS.menu, undefined),
    initialDataUpdatedAt: 0,
    staleTime: 10 * 60_000,
  });

/**
 * GET /api/user/keep-alive every 60 s, and when the window comes back into focus: unseen contact
 * messages, the cartable count and the unseen notifications.
 */
export const keepAliveQuery = (roleId: number) =>
  queryOptions({
    queryKey: ['keep-alive', roleId],
    queryFn: async ({ signal }) => {
      const data = await api<KeepAlive>('/api/user/keep-alive', { signal, quiet: true });
      writeJson(STORAGE_KEYS.keepAlive, data);
      return data;
    },
    refetchInterval: KEEP_ALIVE_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    staleTime: KEEP_ALIVE_INTERVAL_MS / 2,
  });

/** POST /api/user/contacts/{id}/seen. */
export const markContactSeen = (id: number) =>
  api(`/api/user/contacts/${id}/seen`, { method: 'POST', body: {} });

/** POST /api/user/contacts/seen-all. */
export const markAllContactsSeen = () => api('/api/user/contacts/seen-all', { method: 'POST', body: {} });

/** POST /api/notifications/{id}/seen. */
export const markNotificationSeen = (id: number) =>
  api(`/api/notifications/${id}/seen`, { method: 'POST', body: {}, quiet: true });

/** POST /api/notifications/seen-all. */
export const markAllNotificationsSeen = () =>
  api('/api/notifications/seen-all', { method: 'POST', body: {} });

/** GET /api/search?q= — companies and people by name, national id, ticker or national code. */
export type SearchAnswer = SearchResult;

export const searchEntities = (q: string, signal?: AbortSignal) =>
  api<SearchAnswer>('/api/search', { query: { q, limit: 8 }, signal, quiet: true });
