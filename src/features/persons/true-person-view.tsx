import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { BOARD_POSITION_LABELS, type TruePersonDetail } from '~/contract/persons.ts';
import { truePersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';
import { Button } from '~/ui/button.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate, formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import {
  DefinitionList,
  RecordSection,
  type RecordSectionKey,
  recordStack,
  SectionKeys,
  type Term,
  useRecordKeys,
} from '~/ui/record/record-parts.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { RegisteredSections, sectionKeys } from '~/ui/record/registered-sections.tsx';
import { educationText } from './edit/labels.ts';
import { RecordTabs } from './history/history-tab.tsx';
import { DemoBadge, idText } from './labels.tsx';
import { HoldingsTable, PersonLink, seatDutyColumns, useRecordBack } from './record-view.tsx';
import { GENDER_LABELS } from './search.ts';

/** The view's own sections; those other features register (contacts, documents …) follow. */
const OWN_SECTIONS = [
  { id: 'personal', title: 'مشخصات فردی' },
  { id: 'seats', title: 'کرسی‌های هیئت مدیره' },
  { id: 'shareholdings', title: 'سهامداری' },
];
const SECTIONS: readonly RecordSectionKey[] = sectionKeys('true', OWN_SECTIONS);
const keyOf = (id: string) => SECTIONS.find((s) => s.id === id)!.key;
const muted = css({ color: 'muted', fontSize: '13px' });

function personalTerms(p: TruePersonDetail): Term[] {
  const primary = p.contacts.filter((c) => c.is_primary && c.kind !== 'mobile' && c.kind !== 'email');
  return [
    { label: 'نام', value: p.first_name },
    { label: 'نام خانوادگی', value: p.last_name },
    { label: 'نام پدر', value: p.father_name ?? EMPTY },
    { label: 'کد ملی', value: idText(p.national_code), numeric: true },
    { label: 'شماره شناسنامه', value: idText(p.birth_certificate_number), numeric: true },
    { label: 'جنسیت', value: p.gender ? (GENDER_LABELS[p.gender] ?? p.gender) : EMPTY },
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

/** /person/true-persons/view/{id}: personal data, board seats across companies, shareholdings, contacts (C adds) and documents (U uploads). */
export function TruePersonView() {
  const { id: raw } = useParams({ from: '/person/true-persons/view/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(truePersonQuery(id));
  const back = useRecordBack('true', id);
  useRecordKeys('شخص حقیقی', SECTIONS, back);
  const navigate = useNavigate();
  const edit = () => navigate({ to: '/person/true-persons/update/$id', params: { id: String(id) } });
  useFormCommand({
    id: 'persons.true.edit',
    title: 'ویرایش این شخص حقیقی',
    shortcut: 'KeyE',
    group: 'شخص حقیقی',
    path: `/person/true-persons/update/${id}`,
    keywords: ['edit', 'ویرایش'],
    run: edit,
  });

  const p = query.data;
  if (!p)
    return (
      <RecordUnavailable
        query={query}
        missingTitle="این شخص حقیقی پیدا نشد"
        failedTitle="اطلاعات این شخص بارگیری نشد"
      />
    );

  const name = `${p.first_name} ${p.last_name}`;
  return (
    <>
      <PageHeader
        title={name}
        description={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {p.is_demo && <DemoBadge />}
            <span className={muted}>کد ملی {idText(p.national_code)}</span>
          </span>
        }
        actions={
          <Button shortcut="KeyE" onClick={edit}>
            ویرایش
          </Button>
        }
      />
      <RecordTabs kind="true" id={id} sections={SECTIONS}>
        <SectionKeys sections={SECTIONS} back="بازگشت به فهرست" />
        <div className={recordStack}>
          <RecordSection id="personal" title="مشخصات فردی" shortcut={keyOf('personal')} padded>
            <DefinitionList items={personalTerms(p)} />
          </RecordSection>
          <RecordSection
            id="seats"
            title="کرسی‌های هیئت مدیره"
            shortcut={keyOf('seats')}
            count={`${formatNumber(p.board_seats.length)} کرسی`}
          >
            <StaticTable
              caption="کرسی‌های هیئت مدیره در شرکت‌ها"
              rows={p.board_seats}
              getKey={(s) => s.id}
              empty="این شخص کرسی هیئت مدیره‌ای ندارد."
              columns={[
                {
                  header: 'شرکت',
                  cell: (s) => <PersonLink type="legal" id={s.company.id} name={s.company.name} />,
                },
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
          </RecordSection>
          <RecordSection
            id="shareholdings"
            title="سهامداری"
            shortcut={keyOf('shareholdings')}
            count={`${formatNumber(p.shareholdings.length)} شرکت`}
          >
            <HoldingsTable
              items={p.shareholdings}
              caption="سهام این شخص در شرکت‌ها"
              empty="سهامی برای این شخص ثبت نشده است."
            />
          </RecordSection>
          <RegisteredSections kind="true" id={id} record={p} keys={SECTIONS} />
        </div>
      </RecordTabs>
    </>
  );
}
