import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import {
  DOCUMENT_TYPE_LABELS,
  EDUCATION_LEVEL_LABELS,
  GENDER_LABELS,
  RESUME_STEP_TITLES,
  type ResumeDetail,
  type ResumeStep,
} from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { EMPTY, formatDate } from '~/ui/format.ts';

const section = css({
  mb: '5',
  breakInside: 'avoid-page',
  '@media print': { mb: '4' },
});
const sectionHead = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  borderBlockEndWidth: '2px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: 'first',
  pb: '1',
  mb: '2',
});
const h = css({ fontSize: '15px', fontWeight: '700', m: '0', color: 'first.text' });
const dl = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr max-content 1fr',
  gap: '1 3',
  m: '0',
  fontSize: '13px',
  '& dt': { color: 'muted' },
  '& dd': { m: '0', fontWeight: '500' },
  '@media (max-width: 600px)': { gridTemplateColumns: 'max-content 1fr' },
});
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '12.5px',
  '& thead': { display: 'table-header-group' },
  '& tr': { breakInside: 'avoid' },
  '& th, & td': {
    textAlign: 'start',
    px: '2',
    py: '1',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line',
    verticalAlign: 'top',
  },
  '& th': { bg: 'subtle', fontWeight: '600' },
});
const top = css({ display: 'flex', gap: '4', alignItems: 'flex-start' });
const photoCss = css({
  w: '90px',
  h: '115px',
  objectFit: 'cover',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
  flexShrink: 0,
});
const list = css({ m: '0', paddingInlineStart: '5', fontSize: '13px', '& li': { mb: '1' } });
const muted = css({ color: 'muted', fontSize: '13px', m: '0' });
const edit = css({ fontSize: '12px', '@media print': { display: 'none' } });

const fa = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? EMPTY : toPersianDigits(v);
const yesNo = (v: boolean) => (v ? 'بله' : 'خیر');

export interface ResumeDocumentProps {
  resume: ResumeDetail;
  /** The address of a document's file (own: /api/person/resume/documents/{id}; staff: view/…). */
  fileUrl(id: number): string;
  /** When given, each section has an "edit" link to its step (the review step). */
  onEdit?(step: ResumeStep): void;
}

function Section({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step?: ResumeStep;
  onEdit?: ResumeDocumentProps['onEdit'];
  children: ReactNode;
}) {
  return (
    <section className={section} aria-label={title}>
      <div className={sectionHead}>
        <h2 className={h}>{title}</h2>
        {onEdit && step && (
          <button
            type="button"
            className={`${edit} ${css({ bg: 'transparent', border: 'none', color: 'first.text', textDecoration: 'underline', cursor: 'pointer' })}`}
            onClick={() => onEdit(step)}
          >
            {`ویرایش ${RESUME_STEP_TITLES[step]}`}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

/** The whole resume, read only: the review step and the print views draw the same thing. */
export function ResumeDocument({ resume, fileUrl, onEdit }: ResumeDocumentProps) {
  const p = resume.personal;
  return (
    <div>
      <Section title={RESUME_STEP_TITLES[1]} step={1} onEdit={onEdit}>
        <div className={top}>
          {resume.photo && <img className={photoCss} src={fileUrl(resume.photo.id)} alt="عکس متقاضی" />}
          <dl className={dl}>
            <dt>نام و نام خانوادگی</dt>
            <dd>{p ? `${p.first_name} ${p.last_name}` : EMPTY}</dd>
            <dt>نام پدر</dt>
            <dd>{p?.father_name ?? EMPTY}</dd>
            <dt>کد ملی</dt>
            <dd>{fa(resume.guest.national_code)}</dd>
            <dt>شماره همراه</dt>
            <dd>{fa(resume.guest.mobile)}</dd>
            <dt>تاریخ تولد</dt>
            <dd>{p ? formatDate(p.birth_date) : EMPTY}</dd>
            <dt>محل تولد</dt>
            <dd>{p ? `${p.birth_city.name}، ${p.birth_city.province}` : EMPTY}</dd>
            <dt>جنسیت</dt>
            <dd>{p ? GENDER_LABELS[p.gender] : EMPTY}</dd>
            <dt>رایانامه</dt>
            <dd dir="ltr" style={{ textAlign: 'end' }}>
              {p?.email ?? EMPTY}
            </dd>
            <dt>نشانی</dt>
            <dd style={{ gridColumn: 'span 3' }}>{p ? fa(p.address) : EMPTY}</dd>
          </dl>
        </div>
      </Section>
      <Section title={RESUME_STEP_TITLES[2]} step={2} onEdit={onEdit}>
        {resume.educations.length ? (
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">مقطع</th>
                <th scope="col">رشته</th>
                <th scope="col">دانشگاه</th>
                <th scope="col">تاریخ دانش‌آموختگی</th>
              </tr>
            </thead>
            <tbody>
              {resume.educations.map((e) => (
                <tr key={e.id}>
                  <td>{EDUCATION_LEVEL_LABELS[e.level]}</td>
                  <td>{e.field}</td>
                  <td>{e.university}</td>
                  <td>{formatDate(e.graduation_date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={muted}>ثبت نشده است.</p>
        )}
      </Section>
      <Section title={RESUME_STEP_TITLES[3]} step={3} onEdit={onEdit}>
        {resume.experiences.length ? (
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">سازمان</th>
                <th scope="col">سمت</th>
                <th scope="col">از</th>
                <th scope="col">تا</th>
                <th scope="col">هیئت مدیره</th>
                <th scope="col">علت ترک کار</th>
              </tr>
            </thead>
            <tbody>
              {resume.experiences.map((e) => (
                <tr key={e.id}>
                  <td>{e.organization}</td>
                  <td>{e.post}</td>
                  <td>{formatDate(e.from_date)}</td>
                  <td>{e.is_current ? 'تاکنون' : formatDate(e.to_date)}</td>
                  <td>{yesNo(e.board_seat)}</td>
                  <td>{e.leaving_reason ?? EMPTY}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={muted}>سابقه کاری ثبت نشده است.</p>
        )}
      </Section>
      <Section title={RESUME_STEP_TITLES[4]} step={4} onEdit={onEdit}>
        <ol className={list}>
          {resume.provisions.map((pr) => (
            <li key={pr.id}>
              <strong>{pr.title}</strong>: {pr.accepted ? 'پذیرفته شد' : 'پذیرفته نشده'}
            </li>
          ))}
        </ol>
      </Section>
      <Section title={RESUME_STEP_TITLES[5]} step={5} onEdit={onEdit}>
        <ol className={list}>
          {resume.terms.map((t) => (
            <li key={t.id}>
              {t.question}{' '}
              <strong>
                {t.answer === 'yes' ? 'بله' : t.answer === 'no' ? 'خیر' : t.answer ? fa(t.answer) : EMPTY}
              </strong>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={RESUME_STEP_TITLES[6]} step={6} onEdit={onEdit}>
        {resume.documents.length ? (
          <ul className={list}>
            {resume.documents.map((d) => (
              <li key={d.id}>
                {DOCUMENT_TYPE_LABELS[d.type]}: <span dir="auto">{d.file_name}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={muted}>مدرکی بارگذاری نشده است.</p>
        )}
      </Section>
    </div>
  );
}
