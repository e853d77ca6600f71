import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { ZodType } from 'zod';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { entityApi } from '~/lib/entity-api.ts';
import { ApiError } from '~/lib/http.ts';
import { sessionHolds } from '~/lib/session.ts';
import { Button } from '../button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { columnHelper, type DataColumn } from '../data-table/columns.ts';
import { DataTable } from '../data-table/data-table.tsx';
import type { BulkAction, ListParams, ListSearch, RowAction } from '../data-table/types.ts';
import { PageHeader } from '../page-header.tsx';
import { toast } from '../toaster.tsx';
import { useRowEditing } from '../use-row-editing.ts';
import { entityColumns } from './columns.tsx';
import { EntityFormDialog, formFields } from './entity-form.tsx';
import { entityFilters } from './filters.ts';
import { RowButtons, type RowHandlers } from './row-buttons.tsx';

type Row = Record<string, unknown>;

export interface EntityListScreenProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The list's state in the URL and how to change it (the route's search). */
  search: ListSearch;
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  /** The line under the page's title (default: the description's `intro`). */
  description?: ReactNode;
  /** What the list says with no rows (default: the description's `emptyText`). */
  emptyText?: string;
  /** Cells of its own for some fields (the rest are formatted by type). */
  cells?: Partial<Record<keyof F & string, (row: Row) => ReactNode>>;
  /** The body's schema when the entity's messages are its own (default: inputSchema(entity)). */
  schema?: ZodType;
  /** A row's name in messages (default: its display field). */
  nameOf?(row: Row): string;
  /** The delete confirmation's text (default: «name» is deleted for good). */
  removeNotice?(row: Row, name: string): string;
  /** The toast after a delete, from the row and the answer (default: «noun «name» حذف شد»). */
  removedToast?(row: Row, name: string, answer: Record<string, unknown>): string;
  /** Row actions of the screen's own, offered between edit and delete (stable: memoize them). */
  rowActions?: RowAction<Row>[];
  /**
   * Actions on the selected rows (and on the focused row, those marked `focused`), each with its
   * undo: the DataTable's bulk bar and keys (stable: memoize them). The dialogs they ask in are
   * the screen's, rendered as `children`.
   */
  bulkActions?: BulkAction[];
  /** What the screen renders beside the list: the dialogs its bulk actions ask in. */
  children?: ReactNode;
  /**
   * The create/edit dialog when the generated one does not fit (a formula's editor with its
   * preview): given the row (null for a new one), the call that saves the body, and what to do
   * on close and after a save (the list's toast and refresh).
   */
  editor?(p: EntityEditorProps): ReactNode;
}

/** What an entity screen's own editor is given (see `EntityListScreenProps.editor`). */
export interface EntityEditorProps {
  row: Row | null;
  save(body: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}

const ACTIONS_WIDTH = 220;

/**
 * The list screen of an entity described in src/contract: its DataTable (columns, filters and
 * sorts from the description, the state in the URL), and what the role's permissions allow of
 * the rest — the create permission: N, the header's button and the palette's "new"; update: E or
 * Enter edits a row in a dialog generated from the description, and A flips its `active` field;
 * delete: Delete, after a confirmation. What the role may not do is not offered. An entity with
 * `active` gets a column of buttons for the three.
 */
export function EntityListScreen<F extends Record<string, EntityField>>(props: EntityListScreenProps<F>) {
  const { entity, search, onSearchChange } = props;
  const api = useMemo(() => entityApi<F, Row>(entity), [entity]);
  const filters = useMemo(() => entityFilters(entity), [entity]);
  const session = useClientSession();
  const may = (permission: string | undefined, path: string | undefined) =>
    !!permission && !!path && sessionHolds(session, permission);
  const canEdit = may(entity.permissions.update, entity.paths.item);
  const canCreate = may(entity.permissions.create, entity.paths.list);
  const canDelete = may(entity.permissions.delete, entity.paths.item);
  const listId = entity.list?.id ?? entity.name;
  const noun = entity.title;
  const nameOf = props.nameOf ?? ((r: Row) => String(r[entity.display]));
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: api.keys.all }), [client, api]);

  // The largest `order` of the rows last loaded: a new row starts 10 after it.
  const lastOrder = useRef(0);
  const fetchPage = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const page = await api.list(params, signal);
      if (entity.order)
        lastOrder.current = page.data.reduce((m, r) => Math.max(m, Number(r[entity.order!])), 0);
      return page;
    },
    [api, entity],
  );

  const handlers = useRef<RowHandlers<Row>>(null!);
  const own = props.rowActions;
  const between = useMemo<RowAction<Row>[]>(
    () => [
      ...(own ?? []),
      ...(entity.active && canEdit
        ? [
            {
              id: `${listId}.toggle`,
              title: 'فعال یا غیرفعال کردن',
              key: 'KeyA',
              run: (r: Row) => handlers.current.toggle(r),
            },
          ]
        : []),
    ],
    [entity, canEdit, listId, own],
  );
  const { editing, setEditing, removing, setRemoving, busy, rowActions, remove } = useRowEditing<Row>({
    id: listId,
    noun,
    group: entity.plural,
    keywords: entity.keywords,
    between,
    can: { create: canCreate, edit: canEdit, delete: canDelete },
  });
  const toggle = async (row: Row) => {
    const active = entity.active!;
    const body = Object.fromEntries(formFields(entity).map(([name]) => [name, row[name]]));
    try {
      await api.update(Number(row[entity.id]), { ...body, [active]: !row[active] });
      toast.positive(`${noun} «${nameOf(row)}» ${row[active] ? 'غیرفعال' : 'فعال'} شد`);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      toast.negative(e.message);
    }
  };
  handlers.current = {
    edit: (row) => setEditing({ row }),
    toggle: (row) => void toggle(row),
    remove: (row) => setRemoving(row),
  };
  const columns = useMemo(() => {
    const own = entityColumns<F, Row>(entity, props.cells);
    if (!entity.active || !canEdit || !canDelete) return own;
    const active = entity.active;
    const col = columnHelper<Row>();
    const buttons = col.display({
      id: 'actions',
      header: 'کارها',
      size: ACTIONS_WIDTH,
      cell: ({ row }) => (
        <RowButtons row={row.original} active={!!row.original[active]} on={handlers.current} />
      ),
    });
    return [...own, buttons] as DataColumn<Row>[];
  }, [entity, props.cells, canEdit, canDelete]);
  const rowId = useCallback((r: Row) => String(r[entity.id]), [entity]);
  const named = entity.nameInTitles !== false;

  // A refusal (a 409 for a row still in use) is toasted by the error catalogue.
  const confirmRemove = () =>
    remove(async (row) => {
      const answer = await api.remove(Number(row[entity.id]));
      const name = nameOf(row);
      toast.positive(props.removedToast?.(row, name, answer) ?? `${noun} «${name}» حذف شد`);
      await refresh();
    });

  const saveEditing = (body: Record<string, unknown>) =>
    editing?.row ? api.update(Number(editing.row[entity.id]), body) : api.create(body);
  const onEditSaved = () => {
    const row = editing?.row ?? null;
    toast.positive(
      !row ? `${noun} تازه ساخته شد` : named ? `${noun} «${nameOf(row)}» ذخیره شد` : `${noun} ذخیره شد`,
    );
    setEditing(null);
    void refresh();
  };

  return (
    <>
      <PageHeader
        description={props.description ?? entity.intro}
        actions={
          canCreate && (
            <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
              {noun} تازه
            </Button>
          )
        }
      />
      <DataTable
        id={listId}
        label={entity.list?.label ?? `فهرست ${entity.plural}`}
        columns={columns}
        filters={filters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={api.keys.list}
        fetchPage={fetchPage}
        getRowId={rowId}
        onOpen={canEdit ? (row) => setEditing({ row }) : undefined}
        rowActions={rowActions}
        bulkActions={props.bulkActions}
        searchPlaceholder={entity.search}
        emptyText={props.emptyText ?? entity.emptyText ?? ''}
        emptyHint={canCreate ? <>با کلید N {noun} تازه‌ای بسازید.</> : undefined}
      />
      {props.children}
      {editing && (
        <Fragment key={editing.row ? rowId(editing.row) : 'new'}>
          {props.editor ? (
            props.editor({
              row: editing.row,
              save: saveEditing,
              onClose: () => setEditing(null),
              onSaved: onEditSaved,
            })
          ) : (
            <EntityFormDialog
              entity={entity}
              row={editing.row}
              schema={props.schema}
              initial={entity.order ? { [entity.order]: lastOrder.current + 10 } : undefined}
              save={saveEditing}
              onClose={() => setEditing(null)}
              onSaved={onEditSaved}
            />
          )}
        </Fragment>
      )}
      {canDelete && (
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          tone="danger"
          busy={busy}
          title={`${noun} حذف شود؟`}
          description={
            removing &&
            (props.removeNotice?.(removing, nameOf(removing)) ??
              `«${nameOf(removing)}» برای همیشه حذف می‌شود.`)
          }
          confirmLabel="حذف"
          onConfirm={confirmRemove}
        />
      )}
    </>
  );
}
