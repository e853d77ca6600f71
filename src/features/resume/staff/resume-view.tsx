import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { css } from 'styled-system/css';
import {
  DOCUMENT_TYPE_LABELS,
  EDUCATION_LEVEL_LABELS,
  type Education,
  type Experience,
  GENDER_LABELS,
  type ResumeDetail,
  type ResumeDocument,
} from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { button } from '~/ui/button.tsx';
import { type StaticColumn, StaticTable } from '~/ui/data-table/static-table.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { EMPTY, formatDate, formatDateTime, formatNumber } from '~/ui/format.ts';
import { RecordSection, RecordSkeleton } from '~/ui/record/record-parts.tsx';
import { documentUrl, printUrl, resumeQuery } from './api.ts';
import { ReviewStatusBadge } from './labels.tsx';
import { ReviewForm } from './review-form.tsx';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '4' });
const head = css({ display: 'flex', gap: '4', alignItems: 'flex-start' });
const photoCss = css({
  width: '96px',
  height: '120px',
  objectFit: 'cover',
  borderRadius: '4px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  bg: 'subtle',
  flexShrink: 0,
});
const dl = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
  columnGap: '4',
  m: 0,
  fontSize: '13px',
  flex: 1,
  '& dt, & dd': {
    py: '1.5',
    borderBottomWidth: '1px',
    borderBottomStyle: 'dashed',
    borderBottomColor: 'line',
  },
  '& dt': { color: 'muted' },
  '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere' },
});
const listCss = css({
  listStyle: 'none',
  m: 0,
  p: 0,
  fontSize: '13px',
  '& li': {
    display: 'flex',
    gap: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
  },
  '& li:last-child': { borderBottom: 'none' },
  '& strong': { fontWeight: 600 },
  '& p': { m: 0, color: 'muted', whiteSpace: 'pre-wrap' },
});
const reviewCss = css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: '13px' });
const topCss = css({ outline: 'none' });
const footerLinks = css({ display: 'flex', gap: '2', justifyContent: 'flex-end' });

type Pair = [label: string, value: ReactNode];

function Pairs({ items }: { items: readonly Pair[] }) {
  return (
    <dl className={dl}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value ?? EMPTY}</dd>
        </div>
      ))}
    </dl>
  );
}

const ltr = (text: string) => <span dir="ltr">{toPersianDigits(text)}</span>;
const yesNo = (v: boolean) => (v ? 'بله' : 'خیر');

const educationColumns: StaticColumn<Education>[] = [
  { header: 'مقطع', cell: (e) => EDUCATION_LEVEL_LABELS[e.level] ?? e.level, width: '8rem' },
  { header: 'رشته', cell: (e) => e.field },
  { header: 'دانشگاه', cell: (e) => e.university },
  { header: 'دانش‌آموختگی', cell: (e) => formatDate(e.graduation_date), numeric: true, width: '7rem' },
];

const experienceColumns: StaticColumn<Experience>[] = [
  { header: 'سازمان', cell: (e) => e.organization },
  { header: 'سمت', cell: (e) => e.post },
  { header: 'از', cell: (e) => formatDate(e.from_date), numeric: true, width: '6rem' },
  {
    header: 'تا',
    cell: (e) => (e.is_current ? 'اکنون' : formatDate(e.to_date)),
    numeric: true,
    width: '6rem',
  },
  { header: 'هیئت مدیره', cell: (e) => yesNo(e.board_seat), width: '5.5rem' },
  {
    header: 'علت ترک کار',
    cell: (e) => <span title={e.leaving_reason ?? undefined}>{e.leaving_reason ?? EMPTY}</span>,
  },
];

function documentColumns(ncode: string): StaticColumn<ResumeDocument>[] {
  return [
    { header: 'نوع', cell: (d) => DOCUMENT_TYPE_LABELS[d.type] ?? d.type, width: '7rem' },
    {
      header: 'پرونده',
      cell: (d) => (
        <a href={documentUrl(ncode, d.id)} download={d.file_name}>
          {d.file_name}
        </a>
      ),
    },
    {
      header: 'حجم (کیلوبایت)',
      cell: (d) => formatNumber(Math.max(1, Math.round(d.size / 1024))),
      numeric: true,
      width: '7rem',
    },
    { header: 'بارگذاری', cell: (d) => formatDate(d.created_at), numeric: true, width: '6rem' },
  ];
}

/** The whole resume: personal data and photo, degrees, posts, provisions, answers, documents, review. */
function ResumeBody({ resume, ncode, id }: { resume: ResumeDetail; ncode: string; id?: number }) {
  const p = resume.personal;
  const name = p ? `${p.first_name} ${p.last_name}` : ncode;
  const review = resume.review;
  return (
    <div className={stack}>
      <div className={head}>
        {resume.photo ? (
          <img className={photoCss} src={documentUrl(ncode, resume.photo.id)} alt={`عکس ${name}`} />
        ) : (
          <div className={photoCss} role="img" aria-label="بدون عکس" />
        )}
        <Pairs
          items={[
            ['کد ملی', ltr(resume.guest.national_code)],
            ['همراه', ltr(resume.guest.mobile)],
            ['نام پدر', p?.father_name],
            ['جنسیت', p ? GENDER_LABELS[p.gender] : undefined],
            ['تاریخ تولد', p ? formatDate(p.birth_date) : undefined],
            ['محل تولد', p ? `${p.birth_city.name}، ${p.birth_city.province}` : undefined],
            [
              'رایانامه',
              p?.email ? (
                <span key="email" dir="ltr">
                  {p.email}
                </span>
              ) : undefined,
            ],
            ['ارسال', formatDateTime(resume.guest.submitted_at)],
            ['نشانی', p?.address],
          ]}
        />
      </div>

      <RecordSection id="resume-review" title="بررسی" padded>
        <div className={reviewCss}>
          {review ? (
            <Pairs
              items={[
                ['وضعیت', <ReviewStatusBadge key="s" status={review.status} />],
                ['بررسی‌کننده', review.reviewed_by],
                ['زمان بررسی', review.reviewed_at ? formatDateTime(review.reviewed_at) : undefined],
                ['یادداشت', review.note],
              ]}
            />
          ) : null}
          <ReviewForm
            key={`${review?.status}-${review?.reviewed_at}`}
            ids={[id ?? resume.guest.id]}
            status={review?.status}
            note={review?.note}
          />
        </div>
      </RecordSection>

      <RecordSection
        id="resume-educations"
        title="سوابق تحصیلی"
        count={formatNumber(resume.educations.length)}
      >
        <StaticTable
          caption="سوابق تحصیلی"
          columns={educationColumns}
          rows={resume.educations}
          empty="مدرکی ثبت نشده است"
        />
      </RecordSection>

      <RecordSection
        id="resume-experiences"
        title="سوابق کاری"
        count={formatNumber(resume.experiences.length)}
      >
        <StaticTable
          caption="سوابق کاری"
          columns={experienceColumns}
          rows={resume.experiences}
          empty="سابقه کاری ثبت نشده است"
        />
      </RecordSection>

      <RecordSection id="resume-provisions" title="تعهدنامه" padded>
        {resume.provisions.length === 0 ? (
          <p>تعهدی در کار نیست.</p>
        ) : (
          <ul className={listCss}>
            {resume.provisions.map((pr) => (
              <li key={pr.id}>
                <span aria-hidden="true">{pr.accepted ? '✓' : '✗'}</span>
                <span>
                  <strong>{pr.title}</strong> — {pr.accepted ? 'پذیرفته' : 'نپذیرفته'}
                  <p>{pr.body}</p>
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordSection>

      <RecordSection id="resume-terms" title="پرسش‌ها و شرایط" padded>
        {resume.terms.length === 0 ? (
          <p>پرسشی در کار نیست.</p>
        ) : (
          <ul className={listCss}>
            {resume.terms.map((t) => (
              <li key={t.id}>
                <span>
                  <strong>{t.question}</strong>
                  <p>
                    {t.answer === null
                      ? 'بی‌پاسخ'
                      : t.kind === 'yes_no'
                        ? t.answer === 'yes'
                          ? 'بله'
                          : 'خیر'
                        : t.answer}
                  </p>
                </span>
              </li>
            ))}
          </ul>
        )}
      </RecordSection>

      <RecordSection id="resume-documents" title="مدارک" count={formatNumber(resume.documents.length)}>
        <StaticTable
          caption="مدارک"
          columns={documentColumns(ncode)}
          rows={resume.documents}
          empty="مدرکی بارگذاری نشده است"
        />
      </RecordSection>
    </div>
  );
}

export interface ResumeViewDialogProps {
  /** The national code of the resume shown; the dialog is open while it is set. */
  ncode: string | null;
  /** The name from the list, as the title while the resume loads. */
  name?: string;
  /** The list row's id (what the review call takes). */
  id?: number;
  onClose(): void;
}

/** One submitted resume in full (GET /api/person/resume/view/{ncode}), with its review and print link. */
export function ResumeViewDialog({ ncode, name, id, onClose }: ResumeViewDialogProps) {
  const query = useQuery({ ...resumeQuery(ncode ?? ''), enabled: !!ncode });
  const p = query.data?.personal;
  const title = p ? `رزومه ${p.first_name} ${p.last_name}` : name ? `رزومه ${name}` : 'رزومه';
  // Focus starts at the top of the resume (not on the print link while it loads): Tab then
  // reaches the review status first.
  const topRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog
      initialFocus={() => topRef.current}
      open={!!ncode}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="lg"
      footer={
        ncode && (
          <div className={footerLinks}>
            <a
              className={button({ tone: 'secondary' })}
              href={printUrl(ncode)}
              target="_blank"
              rel="noopener"
            >
              چاپ رزومه
            </a>
          </div>
        )
      }
    >
      <div ref={topRef} tabIndex={-1} className={topCss}>
        {!ncode ? null : query.isPending ? (
          <div className={stack}>
            <RecordSkeleton />
          </div>
        ) : query.isError ? (
          <EmptyState
            title="رزومه بارگیری نشد"
            action={
              <button type="button" className={button({ size: 'sm' })} onClick={() => void query.refetch()}>
                دوباره تلاش کنید
              </button>
            }
          >
            {query.error.message}
          </EmptyState>
        ) : (
          <ResumeBody resume={query.data} ncode={ncode} id={id} />
        )}
      </div>
    </Dialog>
  );
}
