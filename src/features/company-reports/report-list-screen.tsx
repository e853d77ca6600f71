import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { entityApi } from '~/lib/entity-api.ts';
import { Button } from '~/ui/button.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { EDIT_PATH } from './company-rows-screen.tsx';
import { useReportEditing } from './report-editing.tsx';
import { reportFilters } from './search.ts';

type Row = Record<string, unknown> & { id: number };

/** The lists across companies, by their route (a list's view lives in its URL). */
type ListRoute = '/person/legal-persons/codal-infos' | '/person/legal-persons/mom/list';

/** The list's search in the URL of route `from`, how to change it, and the route's navigate. */
export function useReportSearch(from: ListRoute) {
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  return { search, onSearchChange, navigate };
}

export interface ReportListScreenProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  search: ListSearch;
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  description: ReactNode;
  emptyText: string;
  /** The new row's command's keywords in the palette (Latin and Persian). */
  keywords: string[];
  /**
   * The new row's words when not the entity's: the command and the dialog's title («‹title›
   * تازه»), the palette group (the plural), the button (the command) and the toast («‹title› ثبت شد»).
   */
  words?: { command: string; group: string; button: string; done: string };
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
  const { entity } = props;
  const words = props.words ?? {
    command: `${entity.title} تازه`,
    group: entity.plural,
    button: `${entity.title} تازه`,
    done: `${entity.title} ثبت شد`,
  };
  const api = useMemo(() => entityApi<F, Row>(entity), [entity]);
  const filters = useMemo(() => reportFilters(entity), [entity]);
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
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: api.keys.all }),
    [queryClient, api],
  );
  const edits = useReportEditing({
    entity,
    scope: [],
    nameOf: (row) => String(row[entity.display]),
    refresh,
    created: words.done,
    newTitle: words.command,
  });
  useFormCommand({
    id: `${entity.name}.new`,
    title: words.command,
    shortcut: 'KeyN',
    group: words.group,
    path: EDIT_PATH,
    keywords: props.keywords,
    run: () => whenNoDialog(edits.create),
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
              run: edits.edit,
            },
            {
              id: `${entity.name}.delete`,
              title: `حذف ${entity.title}`,
              key: 'Delete',
              run: edits.remove,
            },
          ]
        : []),
    ],
    [props.rowActions, editable, entity, edits.edit, edits.remove],
  );

  return (
    <>
      <PageHeader
        description={props.description}
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={edits.create}>
              {words.button}
            </Button>
          )
        }
      />
      <DataTable
        // The list path's last part names the table (its saved columns and widths are kept under it).
        id={entity.paths.list.split('/').pop()!}
        label={entity.plural}
        columns={columns}
        filters={filters}
        search={props.search}
        onSearchChange={props.onSearchChange}
        queryKey={api.keys.list}
        fetchPage={api.list}
        getRowId={(r) => String(r.id)}
        onOpen={props.onOpen ?? (editable ? edits.edit : undefined)}
        rowActions={rowActions}
        searchPlaceholder={entity.search}
        emptyText={props.emptyText}
        emptyHint={editable ? <>با کلید N {entity.title} تازه‌ای ثبت کنید.</> : undefined}
      />
      {edits.dialogs}
    </>
  );
}
