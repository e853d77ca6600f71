import type { StorePort } from '../effects.ts';

/** Cookies and local storage of one pretend browser, in memory, for the model tests. */
export function createMemoryStore() {
  const local = new Map<string, string>();
  const cookies = new Map<string, string>();
  const store: StorePort & { local: Map<string, string>; cookies: Map<string, string> } = {
    local,
    cookies,
    readJson<T>(key: string, fallback: T): T {
      const raw = local.get(key);
      if (raw === undefined) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
    writeJson(key, value) {
      local.set(key, JSON.stringify(value));
    },
    removeKeys(...keys) {
      for (const k of keys) local.delete(k);
    },
    readCookie(name) {
      return cookies.get(name) ?? null;
    },
    writeCookie(name, value) {
      cookies.set(name, value);
    },
    removeCookie(name) {
      cookies.delete(name);
    },
    clearAllCookies() {
      cookies.clear();
    },
  };
  return store;
}

export type MemoryStore = ReturnType<typeof createMemoryStore>;
