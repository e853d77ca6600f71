import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DocumentItem, OwnerType } from '~/contract/documents.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { canOpen } from '~/lib/guard.ts';
import { ApiError } from '~/lib/http.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { readSession } from '~/lib/session.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { formatDate, formatNumber } from '~/ui/format.ts';
import { useFormCommand } from '~/ui/record/commands.ts';
import { RecordSection } from '~/ui/record/record-parts.tsx';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { deleteDocument, documentFileUrl, documentKeys, ownerDocumentsQuery } from './api.ts';
import { formatBytes } from './format.ts';
import { UploadDialog } from './upload-dialog.tsx';

const EDIT_PATH: Record<OwnerType, string> = {
  legal: '/person/legal-persons/update/',
  true: '/person/true-persons/update/',
};

/**
 * «مستندات» on a person's view: the documents on file (title, type, file, size, uploader, Jalali
 * date) with a download link each; for roles that may edit the person, U (or the button) opens
 * the upload dialog and each row has a delete button asking first.
 */
export function DocumentsSection({ kind: ownerType, id: ownerId, shortcut }: RecordSectionProps) {
  const queryClient = useQueryClient();
  const query = useQuery(ownerDocumentsQuery(ownerType, ownerId));
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<DocumentItem | null>(null);
  const [busy, setBusy] = useState(false);
  const editPath = `${EDIT_PATH[ownerType]}${ownerId}`;
  const canEdit = useMemo(() => canOpen(editPath, readSession()), [editPath]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all });
  useFormCommand({
    id: `documents.${ownerType}.upload`,
    title: 'بارگذاری مستند',
    shortcut: 'KeyU',
    group: ownerType === 'legal' ? 'شخص حقوقی' : 'شخص حقیقی',
    path: editPath,
    keywords: ['upload', 'document', 'file', 'مستند', 'پرونده', 'بارگذاری'],
    run: () => whenNoDialog(() => setUploading(true)),
  });

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteDocument(ownerType, ownerId, removing.id);
      toast.positive(`مستند «${removing.title}» حذف شد`);
      setRemoving(null);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const rows = query.data ?? [];
  return (
    <RecordSection
      id="documents"
      title="مستندات"
      shortcut={shortcut}
      count={query.data ? `${formatNumber(rows.length)} مستند` : undefined}
      actions={
        canEdit && (
          <Button size="sm" shortcut="KeyU" onClick={() => setUploading(true)}>
            بارگذاری مستند
          </Button>
        )
      }
    >
      {query.isError ? (
        <p style={{ padding: 16, margin: 0, color: 'var(--colors-danger)' }}>
          فهرست مستندات بارگیری نشد؛ صفحه را دوباره بارگذاری کنید.
        </p>
      ) : (
        <StaticTable
          caption="مستندات"
          rows={rows}
          getKey={(d) => d.id}
          empty={
            query.isPending
              ? 'در حال بارگیری…'
              : canEdit
                ? 'مستندی ثبت نشده است؛ با کلید U مستندی بارگذاری کنید.'
                : 'مستندی ثبت نشده است.'
          }
          columns={[
            { header: 'عنوان', cell: (d) => toPersianDigits(d.title) },
            { header: 'نوع', width: '11rem', cell: (d) => d.document_type.name },
            {
              header: 'پرونده',
              cell: (d) => (
                <a href={documentFileUrl(d.id)} download={d.file_name} aria-label={`دریافت ${d.file_name}`}>
                  <bdi>{d.file_name}</bdi>
                </a>
              ),
            },
            { header: 'حجم', width: '7rem', numeric: true, cell: (d) => formatBytes(d.size) },
            { header: 'بارگذاری‌کننده', width: '9rem', cell: (d) => d.uploaded_by?.name ?? 'سامانه' },
            { header: 'تاریخ', width: '7rem', numeric: true, cell: (d) => formatDate(d.created_at) },
            ...(canEdit
              ? [
                  {
                    header: 'عملیات',
                    width: '5rem',
                    cell: (d: DocumentItem) => (
                      <Button
                        size="sm"
                        tone="ghost"
                        aria-label={`حذف ${d.title}`}
                        onClick={() => setRemoving(d)}
                      >
                        حذف
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {uploading && (
        <UploadDialog
          open
          ownerType={ownerType}
          ownerId={ownerId}
          onClose={() => setUploading(false)}
          onSaved={() => {
            toast.positive('مستند بارگذاری شد');
            setUploading(false);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title="مستند حذف شود؟"
        description={
          removing &&
          `«${toPersianDigits(removing.title)}» (${removing.file_name}) از پرونده این شخص حذف می‌شود.`
        }
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </RecordSection>
  );
}
