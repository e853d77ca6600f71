import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  DOCUMENT_MIME_TITLES,
  type DocumentMime,
  type DocumentType,
  OWNER_TYPE_TITLES,
} from '~/contract/documents.ts';
import { searchKey } from '~/domain/persian-text.ts';
import { wholePage } from '~/lib/list-page.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListParams, ListSearch } from '~/ui/data-table/types.ts';
import { formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useRowEditing } from '~/ui/use-row-editing.ts';
import { deleteDocumentType, documentKeys, fetchDocumentTypes } from './api.ts';
import { DocumentTypeForm } from './document-type-form.tsx';
import { formatBytes } from './format.ts';

const col = columnHelper<DocumentType>();

const typeColumns = col.columns([
  col.accessor('name', { header: 'نوع مستند', size: 240, meta: { grow: 1 }, enableSorting: false }),
  col.accessor('owner_types', {
    header: 'دارنده',
    size: 180,
    enableSorting: false,
    cell: (c) =>
      c
        .getValue()
        .map((t) => OWNER_TYPE_TITLES[t])
        .join('، '),
  }),
  col.accessor('max_bytes', {
    header: 'حداکثر حجم',
    size: 120,
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => formatBytes(c.getValue()),
  }),
  col.accessor('mime_types', {
    header: 'نوع پرونده',
    size: 220,
    enableSorting: false,
    cell: (c) =>
      c
        .getValue()
        .map((m) => DOCUMENT_MIME_TITLES[m as DocumentMime] ?? m)
        .join('، '),
  }),
  col.accessor('uses', {
    header: 'مستندها',
    size: 90,
    enableSorting: false,
    meta: { numeric: true, description: 'شمار مستندهای ثبت‌شده از این نوع' },
    cell: (c) => formatNumber(c.getValue()),
  }),
]);

const FROM = '/management/document-types/list';
const TYPE_KEYWORDS = ['document type', 'new', 'نوع مستند', 'جدید'];

/**
 * /management/document-types/list (permission management.system): the types documents are filed
 * under. N new, E or Enter edit, Delete delete (refused with a message while documents use it).
 */
export function DocumentTypesScreen() {
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: documentKeys.types }),
    [queryClient],
  );
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const fetchPage = useCallback(async (params: ListParams, signal: AbortSignal) => {
    const rows = await fetchDocumentTypes(signal);
    const key = params.q ? searchKey(params.q) : '';
    return wholePage(key ? rows.filter((r) => searchKey(r.name).includes(key)) : rows);
  }, []);
  const { editing, setEditing, removing, setRemoving, busy, rowActions, remove } =
    useRowEditing<DocumentType>({
      id: 'document-types',
      noun: 'نوع مستند',
      group: 'انواع مستند',
      keywords: TYPE_KEYWORDS,
    });
  // A type still in use is refused (409, toasted by the error catalogue).
  const confirmRemove = () =>
    remove(async (row) => {
      await deleteDocumentType(row.id);
      toast.positive(`نوع مستند «${row.name}» حذف شد`);
      await refresh();
    });

  return (
    <>
      <PageHeader
        description="نوع‌هایی که مستندات اشخاص حقوقی و حقیقی زیر آن‌ها بایگانی می‌شوند، با حداکثر حجم و نوع پرونده"
        actions={
          <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
            نوع مستند تازه
          </Button>
        }
      />
      <DataTable
        id="document-types"
        label="انواع مستند"
        columns={typeColumns}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={documentKeys.types}
        fetchPage={fetchPage}
        getRowId={(r) => String(r.id)}
        onOpen={(row) => setEditing({ row })}
        rowActions={rowActions}
        searchPlaceholder="نام نوع مستند"
        emptyText="هنوز نوع مستندی تعریف نشده است"
        emptyHint={<>با کلید N نوع مستند تازه‌ای بسازید.</>}
      />
      {editing && (
        <DocumentTypeForm
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing.row ? 'نوع مستند ذخیره شد' : 'نوع مستند تازه ساخته شد');
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title="نوع مستند حذف شود؟"
        description={
          removing &&
          (removing.uses > 0
            ? `«${removing.name}» برای ${formatNumber(removing.uses)} مستند به کار رفته است و تا آن‌ها هستند حذف نمی‌شود.`
            : `«${removing.name}» برای همیشه حذف می‌شود.`)
        }
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
