import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CONTACT_KIND_LABELS, type Contact, type ContactKind } from '~/contract/contacts.ts';
import type { OwnerType } from '~/contract/documents.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { canOpen } from '~/lib/guard.ts';
import { ApiError } from '~/lib/http.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { personKeys } from '~/lib/records.ts';
import { readSession } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { formatNumber } from '~/ui/format.ts';
import { useFormCommand } from '~/ui/record/commands.ts';
import { RecordSection } from '~/ui/record/record-parts.tsx';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { contactKeys, deleteContact, ownerContactsQuery } from './api.ts';
import { ContactForm } from './contact-form.tsx';

const EDIT_PATH: Record<OwnerType, string> = {
  legal: '/person/legal-persons/update/',
  true: '/person/true-persons/update/',
};

/** A contact's value as shown: numbers in Persian digits left to right, links for email and website. */
function ContactValue({ c }: { c: Contact }) {
  if (c.kind === 'email')
    return (
      <a href={`mailto:${c.value}`} dir="ltr">
        {c.value}
      </a>
    );
  if (c.kind === 'website')
    return (
      <a href={c.value} dir="ltr" rel="noreferrer" target="_blank">
        {c.value.replace(/^https?:\/\//, '')}
      </a>
    );
  if (c.kind === 'address') return <>{toPersianDigits(c.value)}</>;
  return <span dir="ltr">{toPersianDigits(c.value)}</span>;
}

/**
 * «اطلاعات تماس» on a person's view: phones, mobiles, emails, faxes, addresses and websites, the
 * primary one of each kind marked. For roles that may edit the person, C (or the button) adds
 * one, and each row has edit and delete buttons (delete asks first).
 */
export function ContactsSection({ kind: ownerType, id: ownerId, shortcut }: RecordSectionProps) {
  const queryClient = useQueryClient();
  const query = useQuery(ownerContactsQuery(ownerType, ownerId));
  const [editing, setEditing] = useState<{ row: Contact | null } | null>(null);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const editPath = `${EDIT_PATH[ownerType]}${ownerId}`;
  const canEdit = useMemo(() => canOpen(editPath, readSession()), [editPath]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    await queryClient.invalidateQueries({
      queryKey: ownerType === 'legal' ? personKeys.legalOne(ownerId) : personKeys.trueOne(ownerId),
    });
  };
  useFormCommand({
    id: `contacts.${ownerType}.new`,
    title: 'افزودن راه ارتباطی',
    shortcut: 'KeyC',
    group: ownerType === 'legal' ? 'شخص حقوقی' : 'شخص حقیقی',
    path: editPath,
    keywords: ['contact', 'phone', 'email', 'تماس', 'تلفن', 'رایانامه'],
    run: () => whenNoDialog(() => setEditing({ row: null })),
  });

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteContact(ownerType, ownerId, removing.id);
      toast.positive(`${CONTACT_KIND_LABELS[removing.kind]} حذف شد`);
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
      id="contacts"
      title="اطلاعات تماس"
      shortcut={shortcut}
      count={query.data ? `${formatNumber(rows.length)} مورد` : undefined}
      actions={
        canEdit && (
          <Button size="sm" shortcut="KeyC" onClick={() => setEditing({ row: null })}>
            افزودن
          </Button>
        )
      }
    >
      <StaticTable
        caption="اطلاعات تماس"
        rows={rows}
        getKey={(c) => c.id}
        empty={
          query.isError
            ? 'اطلاعات تماس بارگیری نشد؛ صفحه را دوباره بارگذاری کنید.'
            : query.isPending
              ? 'در حال بارگیری…'
              : canEdit
                ? 'اطلاعات تماسی ثبت نشده است؛ با کلید C یکی بیفزایید.'
                : 'اطلاعات تماسی ثبت نشده است.'
        }
        columns={[
          { header: 'نوع', width: '8rem', cell: (c) => CONTACT_KIND_LABELS[c.kind as ContactKind] ?? c.kind },
          { header: 'مقدار', cell: (c) => <ContactValue c={c} /> },
          {
            header: 'اصلی',
            width: '5rem',
            cell: (c) => (c.is_primary ? <Badge tone="success">اصلی</Badge> : ''),
          },
          ...(canEdit
            ? [
                {
                  header: 'عملیات',
                  width: '9rem',
                  cell: (c: Contact) => (
                    <span style={{ display: 'inline-flex', gap: 4 }}>
                      <Button size="sm" tone="ghost" onClick={() => setEditing({ row: c })}>
                        ویرایش
                      </Button>
                      <Button size="sm" tone="ghost" onClick={() => setRemoving(c)}>
                        حذف
                      </Button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <ContactForm
          ownerType={ownerType}
          ownerId={ownerId}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing.row ? 'راه ارتباطی ذخیره شد' : 'راه ارتباطی افزوده شد');
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
        title="راه ارتباطی حذف شود؟"
        description={
          removing && `${CONTACT_KIND_LABELS[removing.kind]} «${toPersianDigits(removing.value)}» حذف می‌شود.`
        }
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </RecordSection>
  );
}
