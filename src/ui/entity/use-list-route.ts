import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ListSearch } from '../data-table/types.ts';

/**
 * A list screen's state in its route's URL: the route's validated search (`from` is the route's
 * id, `/label-list`) and how to change it (`replace` for changes that are not a step back).
 * Spread onto EntityListScreen.
 */
export function useListRoute(from: string) {
  // The route's id is the screen's own; the router's types know only literal ids.
  const search = useSearch({ from: from as never }) as ListSearch;
  const navigate = useNavigate({ from: from as never });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: next as never, replace: opts?.replace }),
    [navigate],
  );
  return { search, onSearchChange };
}
