import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { entityApi } from '~/lib/entity-api.ts';
import { sessionHolds } from '~/lib/session.ts';
import { DataTable } from '../data-table/data-table.tsx';
import type { ListSearch } from '../data-table/types.ts';
import { PageHeader } from '../page-header.tsx';
import { toast } from '../toaster.tsx';
import { useRowEditing } from '../use-row-editing.ts';
import { entityColumns } from './columns.tsx';
import { EntityFormDialog } from './entity-form.tsx';
import { entityFilters } from './filters.ts';

type Row = Record<string, unknown>;

export interface EntityListScreenProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The list's state in the URL and how to change it (the route's search). */
  search: ListSearch;
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  description: ReactNode;
  emptyText: string;
  /** Cells of its own for some fields (the rest are formatted by type). */
  cells?: Partial<Record<keyof F & string, (row: Row) => ReactNode>>;
}

/**
 * The list screen of an entity described in src/contract: its DataTable (columns, filters and
 * sorts from the description, the state in the URL), and, for a role that holds the entity's
 * update permission, E or Enter to edit a row in a dialog generated from the description. What
 * the role may not do is not offered.
 */
export function EntityListScreen<F extends Record<string, EntityField>>(props: EntityListScreenProps<F>) {
  const { entity, search, onSearchChange } = props;
  const api = useMemo(() => entityApi<F, Row>(entity), [entity]);
  const columns = useMemo(() => entityColumns<F, Row>(entity, props.cells), [entity, props.cells]);
  const filters = useMemo(() => entityFilters(entity), [entity]);
  const session = useClientSession();
  const canEdit =
    !!entity.permissions.update && !!entity.paths.item && sessionHolds(session, entity.permissions.update);
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: api.keys.all }), [client, api]);
  const { editing, setEditing, rowActions } = useRowEditing<Row>({
    id: entity.name,
    noun: entity.title,
    group: entity.plural,
    can: { create: false, edit: canEdit, delete: false },
  });
  const rowId = useCallback((r: Row) => String(r[entity.id]), [entity]);
  return (
    <>
      <PageHeader description={props.description} />
      <DataTable
        id={entity.name}
        label={`فهرست ${entity.plural}`}
        columns={columns}
        filters={filters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={api.keys.list}
        fetchPage={api.list}
        getRowId={rowId}
        onOpen={canEdit ? (row) => setEditing({ row }) : undefined}
        rowActions={rowActions}
        searchPlaceholder={entity.search}
        emptyText={props.emptyText}
      />
      {editing?.row && (
        <EntityFormDialog
          entity={entity}
          row={editing.row}
          save={(body) => api.update(Number(editing.row![entity.id]), body)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(`${entity.title} «${String(editing.row![entity.display])}» ذخیره شد`);
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
