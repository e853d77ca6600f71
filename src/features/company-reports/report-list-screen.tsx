import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { entityApi } from '~/lib/entity-api.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { FilterDef, ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { deleteReportRow, saveReportRow } from './api.ts';
import { EDIT_PATH } from './company-rows-screen.tsx';
import { ReportFormDialog } from './report-form.tsx';

type Row = Record<string, unknown> & { id: number };

export interface ReportListScreenProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The DataTable's id (its saved columns and widths are kept under it). */
  tableId: string;
  search: ListSearch;
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  filters: readonly FilterDef[];
  description: ReactNode;
  emptyText: string;
  /** N: the new row's command (palette title, group, keywords), its button and its toast. */
  create: { id: string; command: string; group: string; keywords: string[]; button: string; done: string };
  /** The new row's dialog title when not «‹title› تازه». */
  formTitle?: string;
  /** Enter on a row; default: edit it, when the entity has an item path and the role may edit. */
  onOpen?(row: Row): void;
  /** The row's own actions besides edit (E) and delete (Delete). */
  rowActions?: RowAction<Row>[];
}

/**
 * A company report listed across companies (Codal disclosures, minutes): the DataTable with the
 * columns and filters of its description (the title cell keeps its full text on hover), N for a
 * new row in the dialog generated from the description, and, when the entity has an item path, E
 * or Enter to edit a row and Delete to delete it after a confirmation. Writing is offered only to
 * roles that may edit legal persons.
 */
export function ReportListScreen<F extends Record<string, EntityField>>(props: ReportListScreenProps<F>) {
  const { entity, create } = props;
  const api = useMemo(() => entityApi<F, Row>(entity), [entity]);
  const columns = useMemo(
    () =>
      entityColumns<F, Row>(entity, {
        title: (r: Row) => <span title={String(r.title)}>{String(r.title)}</span>,
      } as never),
    [entity],
  );
  const queryClient = useQueryClient();
  const canEdit = useCommandContext().canOpen(EDIT_PATH);
  const editable = canEdit && !!entity.paths.item;
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: api.keys.all }),
    [queryClient, api],
  );
  const name = (row: Row) => String(row[entity.display]);
  useFormCommand({
    id: create.id,
    title: create.command,
    shortcut: 'KeyN',
    group: create.group,
    path: EDIT_PATH,
    keywords: create.keywords,
    run: () => whenNoDialog(() => setEditing({ row: null })),
  });
  const rowActions = useMemo<RowAction<Row>[]>(
    () => [
      ...(props.rowActions ?? []),
      ...(editable
        ? [
            {
              id: `${entity.name}.edit`,
              title: `ویرایش ${entity.title}`,
              key: 'KeyE',
              run: (row: Row) => setEditing({ row }),
            },
            {
              id: `${entity.name}.delete`,
              title: `حذف ${entity.title}`,
              key: 'Delete',
              run: (row: Row) => setRemoving(row),
            },
          ]
        : []),
    ],
    [props.rowActions, editable, entity],
  );

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteReportRow(entity, [], removing as Row & { version: number });
      toast.positive(`${entity.title} «${name(removing)}» حذف شد`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  return (
    <>
      <PageHeader
        description={props.description}
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
              {create.button}
            </Button>
          )
        }
      />
      <DataTable
        id={props.tableId}
        label={entity.plural}
        columns={columns}
        filters={props.filters}
        search={props.search}
        onSearchChange={props.onSearchChange}
        queryKey={api.keys.list}
        fetchPage={api.list}
        getRowId={(r) => String(r.id)}
        onOpen={props.onOpen ?? (editable ? (row) => setEditing({ row }) : undefined)}
        rowActions={rowActions}
        searchPlaceholder={entity.search}
        emptyText={props.emptyText}
        emptyHint={editable ? <>با کلید N {entity.title} تازه‌ای ثبت کنید.</> : undefined}
      />
      {editing && (
        <ReportFormDialog
          key={editing.row?.id ?? 'new'}
          entity={entity}
          row={editing.row}
          title={editing.row ? undefined : props.formTitle}
          save={(data) => saveReportRow(entity, [], editing.row as Row & { version: number }, data)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing.row ? `${entity.title} ذخیره شد` : create.done);
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        tone="danger"
        busy={busy}
        title={`${entity.title} حذف شود؟`}
        description={removing && `«${name(removing)}» برای همیشه حذف می‌شود.`}
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
