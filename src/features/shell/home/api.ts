import { queryOptions } from '@tanstack/react-query';
import type { RolePermissions } from '~/contract/auth.ts';
import { api } from '~/lib/http.ts';
import { readJson, STORAGE_KEYS } from '~/lib/storage.ts';

export type UserReport = RolePermissions['userReport'];

/** The user report stored at role selection (counts, previous sign-in), or null. */
export function readUserReport(): UserReport | null {
  return readJson<UserReport | null>(STORAGE_KEYS.userReport, null);
}

/** A list's current total, asked with one row per page (`{ data: { data, total } }`). */
export const listTotalQuery = (path: string) =>
  queryOptions({
    queryKey: ['total', path],
    queryFn: async ({ signal }) => {
      const page = await api<{ total: number }>(path, {
        query: { page: 1, per_page: 1 },
        signal,
        quiet: true,
      });
      return page.total;
    },
    staleTime: 60_000,
  });
