import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '~/contract/auth.ts';
import { api } from './http.ts';
import { readJson, STORAGE_KEYS, writeJson } from './storage.ts';
import { DEFAULT_COLORS } from './theme.ts';

/** What the app shows before /api/settings answers (and if it cannot). */
export const DEFAULT_SETTINGS: Settings = {
  app_name: 'ناظر',
  short_name: 'ناظر',
  logo: '/favicon.svg',
  first_color: DEFAULT_COLORS.first,
  second_color: DEFAULT_COLORS.second,
  fourth_color: DEFAULT_COLORS.fourth,
};

/**
 * GET /api/settings (public): name, logo, theme colours. Kept in local storage too, so the
 * next page load starts in the right colours and name before the call answers.
 */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async ({ signal }) => {
    const settings = await api<Settings>('/api/settings', { signal, quiet: true });
    writeJson(STORAGE_KEYS.settings, settings);
    return settings;
  },
  initialData: () => readJson<Settings | undefined>(STORAGE_KEYS.settings, undefined),
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
});

/** The settings, never undefined (defaults until the server answers). */
export function useSettings(): Settings {
  const { data } = useQuery(settingsQuery);
  return { ...DEFAULT_SETTINGS, ...data };
}
