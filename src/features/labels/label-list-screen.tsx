import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Fragment, useCallback } from 'react';
import { LABEL_OBJECT_TYPE_TITLES, type Label } from '~/contract/labels.ts';
import { labelKeys } from '~/lib/labels.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { formatDate, formatNumber } from '~/ui/format.ts';
import { Chip } from '~/ui/label-chips.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useRowEditing } from '~/ui/use-row-editing.ts';
import { deleteLabel, fetchLabelPage } from './api.ts';
import { LabelForm } from './label-form.tsx';
import { labelFilters } from './search.ts';

const col = columnHelper<Label>();

/** The managed list's columns; ids are the server's sort keys. */
const labelColumns = col.columns([
  col.accessor('name', {
    header: 'برچسب',
    size: 220,
    meta: { grow: 1 },
    cell: ({ row }) => <Chip label={row.original} />,
  }),
  col.accessor('color', {
    header: 'رنگ',
    size: 90,
    enableSorting: false,
    cell: (c) => <span dir="ltr">{c.getValue()}</span>,
  }),
  col.accessor('object_types', {
    header: 'موضوع‌ها',
    size: 200,
    enableSorting: false,
    cell: (c) =>
      c
        .getValue()
        .map((t) => LABEL_OBJECT_TYPE_TITLES[t])
        .join('، '),
  }),
  col.accessor('uses', {
    header: 'رکوردها',
    size: 80,
    enableSorting: false,
    meta: { numeric: true, description: 'شمار رکوردهایی که این برچسب را دارند' },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('created_at', {
    header: 'ایجاد',
    size: 100,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatDate(c.getValue()),
  }),
]);

const LABEL_KEYWORDS = ['label', 'new', 'برچسب', 'جدید'];

/** /label-list (permission `labels`): the labels staff set on records; N new, E or Enter edit, Delete delete. */
export function LabelListScreen() {
  const search = useSearch({ from: '/label-list' });
  const navigate = useNavigate({ from: '/label-list' });
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: labelKeys.all }),
    [queryClient],
  );
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );

  const { editing, setEditing, removing, setRemoving, busy, rowActions, remove } = useRowEditing<Label>({
    id: 'labels',
    noun: 'برچسب',
    group: 'برچسب‌ها',
    keywords: LABEL_KEYWORDS,
  });
  const confirmRemove = () =>
    remove(async (row) => {
      const { unlinked } = await deleteLabel(row.id);
      toast.positive(
        `برچسب «${row.name}» حذف شد${unlinked ? ` و از ${formatNumber(unlinked)} رکورد برداشته شد` : ''}`,
      );
      await refresh();
    });

  return (
    <>
      <PageHeader
        description="برچسب‌هایی که روی اشخاص حقوقی و حقیقی گذاشته می‌شوند"
        actions={
          <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
            برچسب تازه
          </Button>
        }
      />
      <DataTable
        id="labels"
        label="فهرست برچسب‌ها"
        columns={labelColumns}
        filters={labelFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={labelKeys.list}
        fetchPage={fetchLabelPage}
        getRowId={(r) => String(r.id)}
        onOpen={(row) => setEditing({ row })}
        rowActions={rowActions}
        searchPlaceholder="نام برچسب"
        emptyText="هنوز برچسبی تعریف نشده است"
        emptyHint={<>با کلید N برچسب تازه‌ای بسازید.</>}
      />
      <Fragment key={editing ? (editing.row?.id ?? 'new') : 'closed'}>
        <LabelForm
          open={editing !== null}
          row={editing?.row ?? null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing?.row ? 'برچسب ذخیره شد' : 'برچسب تازه ساخته شد');
            setEditing(null);
            void refresh();
          }}
        />
      </Fragment>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title="برچسب حذف شود؟"
        description={
          removing &&
          `«${removing.name}» حذف و از ${formatNumber(removing.uses)} رکوردی که آن را دارند برداشته می‌شود.`
        }
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
