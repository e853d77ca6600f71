import { css } from 'styled-system/css';
import {
  DOCUMENT_TYPE_LABELS,
  documentsStep,
  MAX_RESUME_DOCUMENTS,
  type ResumeDocument,
} from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { formatNumber } from '~/ui/format.ts';
import { guestCall, guestEffects, useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import * as s from './styles.ts';
import { ownDocumentUrl, UploadField } from './upload-field.tsx';

const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& th, & td': {
    textAlign: 'start',
    p: '2',
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: 'line',
  },
  '& th': { color: 'muted', fontWeight: '500' },
});

const size = (bytes: number) => `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} کیلوبایت`;

/** Step 6: national card, degree certificates and others, uploaded at once; a list with delete. */
export function DocumentsStep() {
  const { state, send } = useGuest();
  const docs = state.context.resume?.documents ?? [];
  const photo = state.context.resume?.photo;
  const form = useStepForm<Record<string, never>>(6, () => ({}));
  const changed = (list: ResumeDocument[]) =>
    send({ type: 'guest.documentsChanged', documents: photo ? [photo, ...list] : list });
  const remove = async (id: number) => {
    await guestCall(send, () => guestEffects.guestFiles.remove(id)).catch(() => {});
    changed(docs.filter((d) => d.id !== id));
  };
  const full = docs.length + (photo ? 1 : 0) >= MAX_RESUME_DOCUMENTS;
  return (
    <StepFrame
      step={6}
      onSubmit={() => form.save(documentsStep, {})}
      messages={looseMessages([form.client, form.server], (k) => k === 'national_card' || k === 'degree')}
      lead={`کارت ملی و دست‌کم یک مدرک تحصیلی لازم است؛ روی هم حداکثر ${toPersianDigits(MAX_RESUME_DOCUMENTS)} پرونده.`}
    >
      <div className={s.stack}>
        <div className={s.grid}>
          {(['national_card', 'degree', 'other'] as const).map((type) => (
            <UploadField
              key={type}
              type={type}
              error={form.error(type)}
              onUploaded={(doc) => changed([...docs, doc])}
            />
          ))}
        </div>
        {full && <p className={s.hint}>به بیشترین شمار پرونده‌ها رسیده‌اید؛ برای افزودن، یکی را حذف کنید.</p>}
        <table className={table} aria-label="مدارک بارگذاری‌شده">
          <thead>
            <tr>
              <th scope="col">نوع</th>
              <th scope="col">نام پرونده</th>
              <th scope="col">اندازه</th>
              <th scope="col">
                <span className={css({ srOnly: true })}>کارها</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {docs.map((d) => (
              <tr key={d.id}>
                <td>{DOCUMENT_TYPE_LABELS[d.type]}</td>
                <td>
                  <a href={ownDocumentUrl(d.id)} target="_blank" rel="noreferrer" dir="auto">
                    {d.file_name}
                  </a>
                </td>
                <td>{size(d.size)}</td>
                <td>
                  <Button
                    size="sm"
                    tone="ghost"
                    onClick={() => void remove(d.id)}
                    aria-label={`حذف ${d.file_name}`}
                  >
                    حذف
                  </Button>
                </td>
              </tr>
            ))}
            {docs.length === 0 && (
              <tr>
                <td colSpan={4} className={s.hint}>
                  هنوز مدرکی بارگذاری نشده است.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </StepFrame>
  );
}
