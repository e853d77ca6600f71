import { Link, useNavigate } from '@tanstack/react-router';
import { branchEntity } from '~/contract/branches.ts';
import type { BranchItem } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { EMPTY } from '~/ui/format.ts';
import { OwnedSection } from '~/ui/record/owned-section.tsx';

/**
 * «شعب» on a company's view: its branches (as the company's detail lists them), each with an
 * edit link for roles that may edit the company; B (or the button) opens the new-branch form.
 */
export function BranchesSection(props: RecordSectionProps<'legal'>) {
  const navigate = useNavigate();
  const lid = String(props.id);
  const add = () => void navigate({ to: '/person/legal-person-branch/create/$lid', params: { lid } });
  return (
    <OwnedSection<BranchItem>
      entity={branchEntity}
      at={props}
      rows={props.record.branches}
      id="branches"
      add={{
        id: 'branches.new',
        key: 'KeyB',
        label: 'شعبه تازه',
        title: 'ثبت شعبه تازه',
        keywords: ['branch', 'شعبه'],
        run: add,
      }}
      empty={{ none: 'شعبه‌ای', hint: 'با کلید B شعبه‌ای ثبت کنید' }}
      cells={{
        city: (b) => [b.city, b.province].filter(Boolean).join('، ') || EMPTY,
        manager: (b) => b.manager ?? EMPTY,
        phone: (b) => (b.phone ? <span dir="ltr">{toPersianDigits(b.phone)}</span> : EMPTY),
      }}
      editLink={(b) => (
        <Link
          to="/person/legal-person-branch/update/$lid/$id"
          params={{ lid, id: String(b.id) }}
          aria-label={`ویرایش ${b.name}`}
        >
          ویرایش
        </Link>
      )}
    />
  );
}
