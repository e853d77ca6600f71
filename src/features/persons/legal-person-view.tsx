import { css } from 'styled-system/css';
import {
  BOARD_POSITION_LABELS,
  type BoardDetail,
  type LegalPersonDetail,
  type ShareholderItem,
} from '~/contract/persons.ts';
import { Badge } from '~/ui/badge.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate, formatNumber, formatPercent, formatRial, formatShare } from '~/ui/format.ts';
import { DefinitionList, type Term } from '~/ui/record/record-parts.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { BoardLink, CompanyReportLinks, ShareholdersLink } from './company-links.tsx';
import { LEGAL_PERSON } from './kinds.ts';
import { DemoBadge, fiscalYearEndText, idText, kindLabel, StatusBadge, yesNo } from './labels.tsx';
import { editCommand, holdingsSection, PersonView, type PersonViewKind } from './person-view.tsx';
import { holderColumn, PersonLink, seatDutyColumns } from './record-view.tsx';

const titleLine = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const muted = css({ color: 'muted', fontSize: '13px', fontWeight: 400 });

function generalTerms(p: LegalPersonDetail): Term[] {
  const place = [p.registration_city?.name, p.province?.name].filter(Boolean).join('، ');
  return [
    { label: 'نوع', value: kindLabel(p.kind) },
    { label: 'شناسه ملی', value: idText(p.national_id), numeric: true },
    { label: 'شماره ثبت', value: idText(p.registration_number), numeric: true },
    { label: 'تاریخ ثبت', value: formatDate(p.registration_date), numeric: true },
    { label: 'محل ثبت', value: place || EMPTY },
    { label: 'شکل حقوقی', value: p.legal_form ?? EMPTY },
    { label: 'کد اقتصادی', value: idText(p.economic_code), numeric: true },
    { label: 'نوع مالکیت', value: p.ownership_type ?? EMPTY },
    { label: 'سرمایه ثبتی (ریال)', value: formatRial(p.registered_capital), numeric: true },
    { label: 'تعداد سهام', value: formatNumber(p.share_count), numeric: true },
    { label: 'ارزش اسمی هر سهم (ریال)', value: formatRial(p.nominal_share_value), numeric: true },
    { label: 'صنعت', value: p.industry?.name ?? EMPTY },
    {
      label: 'نهاد ناظر',
      value: p.supervising_body ? (
        <PersonLink type="legal" id={p.supervising_body.id} name={p.supervising_body.name} />
      ) : (
        EMPTY
      ),
    },
    { label: 'بورسی', value: yesNo(p.is_listed) },
    { label: 'نماد', value: p.ticker ?? EMPTY },
    { label: 'بازار', value: p.market ?? EMPTY },
    { label: 'شناسه بین‌المللی (ISIN)', value: p.isin ? <span dir="ltr">{p.isin}</span> : EMPTY },
    { label: 'پایان سال مالی', value: fiscalYearEndText(p.fiscal_year_end) },
    { label: 'حسابرس', value: p.auditor ?? EMPTY },
    { label: 'کارکنان (نفر)', value: formatNumber(p.employees), numeric: true },
    { label: 'تلفن', value: p.phone ? <span dir="ltr">{idText(p.phone)}</span> : EMPTY },
    { label: 'کد پستی', value: idText(p.postal_code), numeric: true },
    {
      label: 'وبگاه',
      value: p.website ? (
        <a
          href={p.website.startsWith('http') ? p.website : `https://${p.website}`}
          dir="ltr"
          rel="noreferrer"
        >
          {p.website}
        </a>
      ) : (
        EMPTY
      ),
    },
    { label: 'نشانی', value: idText(p.address) },
  ];
}

function Shareholders({ items }: { items: ShareholderItem[] }) {
  const sum = items.reduce((acc, s) => acc + Number(s.percentage), 0);
  return (
    <StaticTable
      caption="سهامداران مستقیم"
      rows={items}
      empty="سهامداری برای این شخص ثبت نشده است."
      columns={[
        holderColumn<ShareholderItem>('سهامدار'),
        { header: 'نوع', width: '6rem', cell: (s) => (s.holder_type === 'legal' ? 'حقوقی' : 'حقیقی') },
        { header: 'شناسه / کد ملی', width: '9rem', cell: (s) => idText(s.holder_national_id) },
        { header: 'تعداد سهام', width: '11rem', numeric: true, cell: (s) => formatNumber(s.share_count) },
        { header: 'درصد', width: '6rem', numeric: true, cell: (s) => formatShare(s.percentage) },
        { header: 'از تاریخ', width: '7rem', numeric: true, cell: (s) => formatDate(s.valid_from) },
      ]}
      footer={['جمع سهامداران ثبت‌شده', '', '', '', formatPercent(sum), '']}
    />
  );
}

function Board({ board }: { board: BoardDetail | null }) {
  if (!board)
    return <p style={{ padding: 16, margin: 0, color: 'var(--colors-muted)' }}>هیئت مدیره‌ای ثبت نشده است.</p>;
  return (
    <>
      <div style={{ padding: '12px 16px 4px' }}>
        <DefinitionList
          items={[
            {
              label: 'مدیرعامل',
              value: board.ceo ? (
                <PersonLink type="true" id={board.ceo.id} name={board.ceo.name} />
              ) : (
                'تعیین نشده'
              ),
            },
            {
              label: 'دوره هیئت مدیره',
              value: `${formatDate(board.term_start)} تا ${formatDate(board.term_end)}`,
              numeric: true,
            },
            { label: 'تصویب در مجمع', value: yesNo(board.approved_by_assembly) },
          ]}
        />
      </div>
      <StaticTable
        caption="اعضای هیئت مدیره"
        rows={board.seats}
        empty="کرسی‌ای برای این هیئت مدیره ثبت نشده است."
        columns={[
          { header: 'سمت', width: '9rem', cell: (s) => BOARD_POSITION_LABELS[s.position] ?? s.position },
          holderColumn<BoardDetail['seats'][number]>('عضو'),
          {
            header: 'نماینده',
            cell: (s) =>
              s.representative ? (
                <PersonLink type="true" id={s.representative.id} name={s.representative.name} />
              ) : (
                EMPTY
              ),
          },
          ...seatDutyColumns<BoardDetail['seats'][number]>(),
          { header: 'از تاریخ', width: '7rem', numeric: true, cell: (s) => formatDate(s.start_date) },
          { header: 'تا تاریخ', width: '7rem', numeric: true, cell: (s) => formatDate(s.end_date) },
        ]}
      />
    </>
  );
}

/** The legal person's view: general data, shareholders, board and CEO, holdings. */
const LEGAL_VIEW: PersonViewKind<'legal'> = {
  ...LEGAL_PERSON,
  commands: [
    {
      id: 'persons.legal.status',
      title: 'گزارش وضعیت این شرکت',
      button: 'گزارش وضعیت',
      shortcut: 'KeyR',
      keywords: ['status report', 'گزارش وضعیت'],
      to: '/person/legal-persons/status/$id',
    },
    editCommand(LEGAL_PERSON),
  ],
  description: (p) => (
    <span className={titleLine}>
      <StatusBadge status={p.status} />
      <StateClassBadge code={p.state_class} share={p.state_share} />
      {p.is_listed && p.ticker && <Badge tone="neutral">نماد {p.ticker}</Badge>}
      {p.is_demo && <DemoBadge />}
      <span className={muted}>
        {kindLabel(p.kind)} · شناسه ملی {idText(p.national_id)}
      </span>
    </span>
  ),
  sections: [
    {
      id: 'general',
      title: 'مشخصات',
      padded: true,
      actions: (id) => <CompanyReportLinks id={id} />,
      body: (p) => <DefinitionList items={generalTerms(p)} />,
    },
    {
      id: 'shareholders',
      title: 'سهامداران مستقیم',
      key: 'سهامداران',
      count: (p) => `${formatNumber(p.shareholders.length)} سهامدار`,
      actions: (id) => <ShareholdersLink id={id} />,
      body: (p) => <Shareholders items={p.shareholders} />,
    },
    {
      id: 'board',
      title: 'هیئت مدیره و مدیرعامل',
      count: (p) => (p.board ? `${formatNumber(p.board.seats.length)} کرسی` : undefined),
      actions: (id, p) => <BoardLink id={id} board={p.board} />,
      body: (p) => <Board board={p.board} />,
    },
    holdingsSection('legal', (p) => p.holdings),
  ],
};

/**
 * /person/legal-persons/view/{id}: general data, shareholders, board and CEO, holdings, branches,
 * contacts and documents (the last three with their add keys B, C, U for roles that may edit).
 */
export const LegalPersonView = () => <PersonView kind={LEGAL_VIEW} />;
