import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { PreferenceAnswer, TablePreferences } from '~/contract/preferences.ts';
import { api } from '~/lib/http.ts';

const EMPTY: TablePreferences = { hidden: [], widths: {} };
const SAVE_DELAY_MS = 400;

/**
 * A list's columns as this user left them (hidden columns, widths), read from and written to
 * the server (`/api/user/preferences/table:<list id>`), so they follow the user to any browser.
 * A change shows at once (the cached answer is replaced) and is saved shortly after the last of
 * a run of changes (a width nudged several times is one request). Until the answer comes, and
 * for a user whose preferences cannot be read, the list's own defaults.
 */
export function useTablePreferences(listId: string, columnIds: readonly string[]) {
  const key = `table:${listId}`;
  const queryKey = useMemo(() => ['preferences', key] as const, [key]);
  const qc = useQueryClient();
  const path = `/api/user/preferences/${encodeURIComponent(key)}`;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<PreferenceAnswer<TablePreferences>>(path, { signal, quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (value: TablePreferences | null) =>
      value
        ? api<PreferenceAnswer<TablePreferences>>(path, { method: 'PUT', body: value })
        : api<PreferenceAnswer<TablePreferences>>(path, { method: 'DELETE' }),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const value = query.data?.value ?? EMPTY;
  /**
   * Shows `next` now and saves it (debounced); null forgets them (the list's defaults). An
   * updater gets the latest value, so quick repeated keys (↑ held in a width box) each count.
   */
  const set = (update: TablePreferences | null | ((prev: TablePreferences) => TablePreferences)) => {
    const next =
      typeof update === 'function'
        ? update(qc.getQueryData<PreferenceAnswer<TablePreferences>>(queryKey)?.value ?? EMPTY)
        : update;
    qc.setQueryData<PreferenceAnswer<TablePreferences>>(queryKey, { key, value: next });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => save.mutate(next), next ? SAVE_DELAY_MS : 0);
  };
  // TanStack Table's visibility state: the hidden columns this list still has.
  const columnVisibility = useMemo<Record<string, boolean>>(
    () => Object.fromEntries(value.hidden.filter((h) => columnIds.includes(h)).map((h) => [h, false])),
    [value.hidden, columnIds],
  );
  return { value, set, columnVisibility, saved: query.isSuccess };
}
