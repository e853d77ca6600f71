import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchKey } from '~/domain/persian-text.ts';
import { type SearchAnswer, searchEntities } from './api.ts';

/** Wait this long after the last key press before asking the server. */
export const SEARCH_DEBOUNCE_MS = 120;
/** Shorter queries are not sent (too broad to be useful). */
export const SEARCH_MIN_LENGTH = 2;

export interface EntitySearch {
  /** Results for exactly the current text, or null while they are not here yet. */
  data: SearchAnswer | null;
  /** Typing, waiting for the debounce or for the server. */
  loading: boolean;
  failed: boolean;
}

/**
 * Companies and people matching `text` as the user types. Each distinct query is one TanStack
 * Query (its AbortSignal cancels the request when the query is abandoned), and only the
 * results for the text now in the box are ever returned: a late answer to an older query is
 * dropped, never shown.
 */
export function useEntitySearch(text: string, enabled: boolean): EntitySearch {
  const q = text.trim();
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [q]);
  const active = enabled && searchKey(q).length >= SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) => searchEntities(debounced, signal),
    enabled: active && debounced === q,
    staleTime: 60_000,
  });
  if (!active) return { data: null, loading: false, failed: false };
  const current = debounced === q;
  return {
    data: current && query.data ? query.data : null,
    loading: !current || query.isFetching,
    failed: current && query.isError,
  };
}
