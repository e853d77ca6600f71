import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { BranchItem } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { canOpen } from '~/lib/guard.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { readSession } from '~/lib/session.ts';
import { Button } from '~/ui/button.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { useFormCommand } from '~/ui/record/commands.ts';
import { RecordSection } from '~/ui/record/record-parts.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';

const text = (v: string | null) => (v ? toPersianDigits(v) : EMPTY);

/**
 * «شعب» on a company's view: its branches, each with an edit link for roles that may edit the
 * company; B (or the button) opens the new-branch form.
 */
export function BranchesSection({ id: legalId, record, shortcut }: RecordSectionProps<'legal'>) {
  const items: BranchItem[] = record.branches;
  const navigate = useNavigate();
  const createPath = `/person/legal-person-branch/create/${legalId}`;
  const canEdit = useMemo(() => canOpen(createPath, readSession()), [createPath]);
  const add = () =>
    navigate({ to: '/person/legal-person-branch/create/$lid', params: { lid: String(legalId) } });
  useFormCommand({
    id: 'branches.new',
    title: 'ثبت شعبه تازه',
    shortcut: 'KeyB',
    group: 'شخص حقوقی',
    path: createPath,
    keywords: ['branch', 'شعبه'],
    run: () => whenNoDialog(() => void add()),
  });
  return (
    <RecordSection
      id="branches"
      title="شعب"
      shortcut={shortcut}
      count={`${formatNumber(items.length)} شعبه`}
      actions={
        canEdit && (
          <Button size="sm" shortcut="KeyB" onClick={add}>
            شعبه تازه
          </Button>
        )
      }
    >
      <StaticTable
        caption="شعب"
        rows={items}
        getKey={(b) => b.id}
        empty={canEdit ? 'شعبه‌ای ثبت نشده است؛ با کلید B شعبه‌ای ثبت کنید.' : 'شعبه‌ای ثبت نشده است.'}
        columns={[
          { header: 'نام شعبه', cell: (b) => b.name },
          {
            header: 'شهر',
            width: '9rem',
            cell: (b) => [b.city, b.province].filter(Boolean).join('، ') || EMPTY,
          },
          { header: 'مدیر', width: '10rem', cell: (b) => b.manager ?? EMPTY },
          {
            header: 'تلفن',
            width: '9rem',
            cell: (b) => (b.phone ? <span dir="ltr">{text(b.phone)}</span> : EMPTY),
          },
          { header: 'نشانی', cell: (b) => text(b.address) },
          ...(canEdit
            ? [
                {
                  header: 'عملیات',
                  width: '5rem',
                  cell: (b: BranchItem) => (
                    <Link
                      to="/person/legal-person-branch/update/$lid/$id"
                      params={{ lid: String(legalId), id: String(b.id) }}
                      aria-label={`ویرایش ${b.name}`}
                    >
                      ویرایش
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </RecordSection>
  );
}
