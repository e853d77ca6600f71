import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { MINUTES_KIND_LABELS, type MinutesRow } from '~/contract/company-reports.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { formatDate } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { deleteMinutes, fetchMinutes, reportKeys } from './api.ts';
import { EDIT_PATH } from './company-rows-screen.tsx';
import { MinutesForm } from './minutes-form.tsx';
import { minutesFilters } from './search.ts';

const col = columnHelper<MinutesRow>();

/** Ids are the server's sort keys; unsortable columns say so. */
const minutesColumns = col.columns([
  col.accessor('meeting_date', {
    header: 'تاریخ جلسه',
    size: 100,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatDate(c.getValue()),
  }),
  col.accessor('company', { header: 'شرکت', size: 200 }),
  col.accessor('kind', {
    header: 'نوع',
    size: 90,
    enableSorting: false,
    cell: (c) => MINUTES_KIND_LABELS[c.getValue()] ?? c.getValue(),
  }),
  col.accessor('title', {
    header: 'عنوان',
    size: 280,
    meta: { grow: 1 },
    enableSorting: false,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  col.accessor('follow_up_date', {
    header: 'پیگیری تا',
    size: 100,
    meta: { numeric: true },
    cell: (c) => formatDate(c.getValue()),
  }),
]);

/**
 * /person/legal-persons/mom/list: minutes of meetings across companies, latest first; filters
 * company and kind (dates in the builder, Shift+F); N new, Enter or E edit, Delete delete (roles
 * that may edit legal persons).
 */
export function MinutesScreen() {
  const search = useSearch({ from: '/person/legal-persons/mom/list' });
  const navigate = useNavigate({ from: '/person/legal-persons/mom/list' });
  const queryClient = useQueryClient();
  const canEdit = useCommandContext().canOpen(EDIT_PATH);
  const [editing, setEditing] = useState<{ row: MinutesRow | null } | null>(null);
  const [removing, setRemoving] = useState<MinutesRow | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: reportKeys.minutes }),
    [queryClient],
  );
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  useFormCommand({
    id: 'minutes.new',
    title: 'صورتجلسه تازه',
    shortcut: 'KeyN',
    group: 'صورت‌جلسات',
    path: EDIT_PATH,
    keywords: ['minutes', 'mom', 'new', 'صورتجلسه', 'جدید'],
    run: () => whenNoDialog(() => setEditing({ row: null })),
  });
  const rowActions = useMemo<RowAction<MinutesRow>[]>(
    () =>
      canEdit
        ? [
            { id: 'minutes.edit', title: 'ویرایش صورتجلسه', key: 'KeyE', run: (row) => setEditing({ row }) },
            { id: 'minutes.delete', title: 'حذف صورتجلسه', key: 'Delete', run: (row) => setRemoving(row) },
          ]
        : [],
    [canEdit],
  );

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteMinutes(removing.id, removing.version);
      toast.positive(`صورتجلسه «${removing.title}» حذف شد`);
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
        description="صورتجلسه‌های هیئت مدیره، مجامع و جلسه‌های نظارتی شرکت‌ها"
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
              صورتجلسه تازه
            </Button>
          )
        }
      />
      <DataTable
        id="meeting-minutes"
        label="صورت‌جلسات"
        columns={minutesColumns}
        filters={minutesFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={reportKeys.minutes}
        fetchPage={fetchMinutes}
        getRowId={(r) => String(r.id)}
        onOpen={canEdit ? (row) => setEditing({ row }) : undefined}
        rowActions={rowActions}
        searchPlaceholder="عنوان، شرکت یا مصوبات"
        emptyText="صورتجلسه‌ای یافت نشد"
        emptyHint={canEdit ? <>با کلید N صورتجلسه تازه‌ای ثبت کنید.</> : undefined}
      />
      <Fragment key={editing ? (editing.row?.id ?? 'new') : 'closed'}>
        <MinutesForm
          open={editing !== null}
          row={editing?.row ?? null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing?.row ? 'صورتجلسه ذخیره شد' : 'صورتجلسه ثبت شد');
            setEditing(null);
            void refresh();
          }}
        />
      </Fragment>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        tone="danger"
        busy={busy}
        title="صورتجلسه حذف شود؟"
        description={removing && `«${removing.title}» برای همیشه حذف می‌شود.`}
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
