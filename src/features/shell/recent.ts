import { readJson, STORAGE_KEYS, writeJson } from '~/lib/storage.ts';

/** How many recent palette choices are remembered. */
export const RECENT_LIMIT = 8;

/** A remembered palette choice. Entities keep what is needed to show them without the server. */
export interface RecentItem {
  key: string;
  title?: string;
  hint?: string;
  to?: string;
  icon?: 'building' | 'user';
}

export function readRecent(): RecentItem[] {
  const list = readJson<unknown>(STORAGE_KEYS.recent, []);
  return Array.isArray(list) ? list.filter((x): x is RecentItem => typeof x?.key === 'string') : [];
}

/** Puts `item` first, without duplicates, keeping at most RECENT_LIMIT. */
export function pushRecent(list: readonly RecentItem[], item: RecentItem): RecentItem[] {
  return [item, ...list.filter((x) => x.key !== item.key)].slice(0, RECENT_LIMIT);
}

export function rememberRecent(item: RecentItem): void {
  writeJson(STORAGE_KEYS.recent, pushRecent(readRecent(), item));
}
