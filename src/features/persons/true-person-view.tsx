import { css } from 'styled-system/css';
import { BOARD_POSITION_LABELS, type PersonSeatItem, type TruePersonDetail } from '~/contract/persons.ts';
import { GENDER_LABELS } from '~/contract/resume-codes.ts';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate, formatNumber } from '~/ui/format.ts';
import { DefinitionList, type Term } from '~/ui/record/record-parts.tsx';
import { educationText } from './edit/labels.ts';
import { TRUE_PERSON } from './kinds.ts';
import { DemoBadge, idText } from './labels.tsx';
import { editCommand, holdingsSection, PersonView, type PersonViewKind } from './person-view.tsx';
import { companyColumn, PersonLink, seatDutyColumns } from './record-view.tsx';

function personalTerms(p: TruePersonDetail): Term[] {
  const primary = p.contacts.filter((c) => c.is_primary && c.kind !== 'mobile' && c.kind !== 'email');
  return [
    { label: 'نام', value: p.first_name },
    { label: 'نام خانوادگی', value: p.last_name },
    { label: 'نام پدر', value: p.father_name ?? EMPTY },
    { label: 'کد ملی', value: idText(p.national_code), numeric: true },
    { label: 'شماره شناسنامه', value: idText(p.birth_certificate_number), numeric: true },
    {
      label: 'جنسیت',
      value: p.gender ? ((GENDER_LABELS as Record<string, string>)[p.gender] ?? p.gender) : EMPTY,
    },
    { label: 'تاریخ تولد', value: formatDate(p.birth_date), numeric: true },
    {
      label: 'محل تولد',
      value: [p.birth_city?.name, p.province?.name].filter(Boolean).join('، ') || EMPTY,
    },
    { label: 'تحصیلات', value: educationText(p.education_level) ?? EMPTY },
    { label: 'رشته تحصیلی', value: p.field_of_study ?? EMPTY },
    { label: 'تلفن همراه', value: p.mobile ? <span dir="ltr">{idText(p.mobile)}</span> : EMPTY },
    { label: 'رایانامه', value: p.email ? <span dir="ltr">{p.email}</span> : EMPTY },
    ...primary.map((c) => ({ label: c.kind === 'address' ? 'نشانی' : 'تماس', value: idText(c.value) })),
    {
      label: 'مدیرعامل',
      value: p.ceo_of.length
        ? p.ceo_of.map((c, i) => (
            <span key={c.board_id}>
              {i > 0 && '، '}
              <PersonLink type="legal" id={c.company.id} name={c.company.name} />
            </span>
          ))
        : 'خیر',
    },
  ];
}

/** The board seats the person holds, in any company, directly or for a legal person. */
function Seats({ seats }: { seats: TruePersonDetail['board_seats'] }) {
  return (
    <StaticTable
      caption="کرسی‌های هیئت مدیره در شرکت‌ها"
      rows={seats}
      empty="این شخص کرسی هیئت مدیره‌ای ندارد."
      columns={[
        companyColumn<PersonSeatItem>((s) => s.company),
        {
          header: 'سمت',
          width: '9rem',
          cell: (s) => BOARD_POSITION_LABELS[s.position] ?? s.position,
        },
        {
          header: 'به نمایندگی از',
          cell: (s) =>
            s.on_behalf_of ? (
              <PersonLink type="legal" id={s.on_behalf_of.id} name={s.on_behalf_of.name} />
            ) : (
              'شخصاً'
            ),
        },
        ...seatDutyColumns<TruePersonDetail['board_seats'][number]>(),
        {
          header: 'از تاریخ',
          width: '7rem',
          numeric: true,
          cell: (s) => formatDate(s.start_date ?? s.term_start),
        },
        {
          header: 'تا تاریخ',
          width: '7rem',
          numeric: true,
          cell: (s) => formatDate(s.end_date ?? s.term_end),
        },
      ]}
    />
  );
}

const muted = css({ color: 'muted', fontSize: '13px' });

/** The true person's view: personal data, board seats across companies, shareholdings. */
const TRUE_VIEW: PersonViewKind<'true'> = {
  ...TRUE_PERSON,
  commands: [editCommand(TRUE_PERSON)],
  description: (p) => (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      {p.is_demo && <DemoBadge />}
      <span className={muted}>کد ملی {idText(p.national_code)}</span>
    </span>
  ),
  sections: [
    {
      id: 'personal',
      title: 'مشخصات فردی',
      padded: true,
      body: (p) => <DefinitionList items={personalTerms(p)} />,
    },
    {
      id: 'seats',
      title: 'کرسی‌های هیئت مدیره',
      count: (p) => `${formatNumber(p.board_seats.length)} کرسی`,
      body: (p) => <Seats seats={p.board_seats} />,
    },
    holdingsSection('true', (p) => p.shareholdings),
  ],
};

/** /person/true-persons/view/{id}: personal data, board seats across companies, shareholdings, contacts (C adds) and documents (U uploads). */
export const TruePersonView = () => <PersonView kind={TRUE_VIEW} />;
