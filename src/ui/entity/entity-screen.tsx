import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import type { ListSearch } from '../data-table/types.ts';
import { EntityListScreen, type EntityListScreenProps } from './entity-list-screen.tsx';

/** What a screen adds to its entity's description: cells, messages and a schema of its own. */
export type EntityScreenParts<F extends Record<string, EntityField>> = Omit<
  Partial<EntityListScreenProps<F>>,
  'entity' | 'search' | 'onSearchChange'
>;

/**
 * The screen of route `from` (its id, `/label-list`): the entity's list screen with its state in
 * that route's URL, its texts from the description (`intro`, `emptyText`) and `parts` of its own.
 * A feature declares its screen with it in one statement.
 */
export function entityScreen<F extends Record<string, EntityField>>(
  from: string,
  entity: EntityDescription<F>,
  parts: EntityScreenParts<F> = {},
) {
  return function Screen() {
    // The route's id is the screen's own; the router's types know only literal ids.
    const search = useSearch({ from: from as never }) as ListSearch;
    const navigate = useNavigate({ from: from as never });
    const onSearchChange = useCallback(
      (next: ListSearch, opts?: { replace?: boolean }) =>
        navigate({ search: next as never, replace: opts?.replace }),
      [navigate],
    );
    return <EntityListScreen entity={entity} search={search} onSearchChange={onSearchChange} {...parts} />;
  };
}
