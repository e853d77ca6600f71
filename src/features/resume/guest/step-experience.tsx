import { experienceStep } from '~/contract/resume.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import * as s from './styles.ts';

interface ExperienceRow {
  organization: string;
  post: string;
  from_date: string;
  to_date: string;
  is_current: boolean;
  board_seat: boolean;
  leaving_reason: string;
}
const empty = (): ExperienceRow => ({
  organization: '',
  post: '',
  from_date: '',
  to_date: '',
  is_current: false,
  board_seat: false,
  leaving_reason: '',
});
const fa = (iso: string | null) => toPersianDigits(jalaliOfIso(iso));

/** Step 3: posts held, 0..30 rows; "current" clears the end date and the leaving reason. */
export function ExperienceStep() {
  const { state } = useGuest();
  const saved = state.context.resume?.experiences ?? [];
  const form = useStepForm<{ experiences: ExperienceRow[] }>(3, () => ({
    experiences: saved.map((e) => ({
      organization: e.organization,
      post: e.post,
      from_date: fa(e.from_date),
      to_date: fa(e.to_date),
      is_current: e.is_current,
      board_seat: e.board_seat,
      leaving_reason: e.leaving_reason ?? '',
    })),
  }));
  const rows = form.values.experiences;
  const setRow = (i: number, patch: Partial<ExperienceRow>) =>
    form.setValues({ experiences: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const payload = () => ({
    experiences: rows.map((r) => ({
      ...r,
      to_date: r.is_current ? null : r.to_date || null,
      leaving_reason: r.is_current ? null : r.leaving_reason || null,
    })),
  });
  const drawn = (k: string) => /^experiences\.\d+\.\w+$/.test(k);
  return (
    <StepFrame
      step={3}
      onSubmit={() => form.save(experienceStep, payload())}
      messages={looseMessages([form.client, form.server], drawn)}
      lead="سمت‌هایی را که داشته‌اید یا دارید بنویسید؛ اگر سابقه کاری ندارید، بی‌افزودن ردیف ذخیره کنید."
    >
      <div className={s.stack}>
        {rows.map((r, i) => {
          const key = (f: string) => `experiences.${i}.${f}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            <fieldset key={i} className={s.row}>
              <div className={s.rowHead}>
                <legend className={s.rowTitle}>{`سابقه ${toPersianDigits(i + 1)}`}</legend>
                <Button
                  size="sm"
                  tone="ghost"
                  onClick={() => form.setValues({ experiences: rows.filter((_, j) => j !== i) })}
                  aria-label={`حذف سابقه ${toPersianDigits(i + 1)}`}
                >
                  حذف
                </Button>
              </div>
              <div className={s.grid}>
                <Field label="سازمان" error={form.error(key('organization'))} required>
                  <input
                    className={inputCss()}
                    name={key('organization')}
                    value={r.organization}
                    onChange={(e) => setRow(i, { organization: e.target.value })}
                  />
                </Field>
                <Field label="سمت" error={form.error(key('post'))} required>
                  <input
                    className={inputCss()}
                    name={key('post')}
                    value={r.post}
                    onChange={(e) => setRow(i, { post: e.target.value })}
                  />
                </Field>
                <JalaliField
                  label="از تاریخ"
                  required
                  name={key('from_date')}
                  value={r.from_date}
                  onChange={(from_date) => setRow(i, { from_date })}
                  error={form.error(key('from_date'))}
                />
                <JalaliField
                  label="تا تاریخ"
                  name={key('to_date')}
                  value={r.is_current ? '' : r.to_date}
                  disabled={r.is_current}
                  onChange={(to_date) => setRow(i, { to_date })}
                  error={form.error(key('to_date'))}
                />
                <label className={s.check}>
                  <input
                    type="checkbox"
                    name={key('is_current')}
                    checked={r.is_current}
                    onChange={(e) => setRow(i, { is_current: e.target.checked })}
                  />
                  هنوز در این سمت هستم
                </label>
                <label className={s.check}>
                  <input
                    type="checkbox"
                    name={key('board_seat')}
                    checked={r.board_seat}
                    onChange={(e) => setRow(i, { board_seat: e.target.checked })}
                  />
                  عضو هیئت مدیره بوده‌ام
                </label>
                {!r.is_current && (
                  <Field label="علت ترک کار" error={form.error(key('leaving_reason'))} className={s.full}>
                    <input
                      className={inputCss()}
                      name={key('leaving_reason')}
                      value={r.leaving_reason}
                      onChange={(e) => setRow(i, { leaving_reason: e.target.value })}
                    />
                  </Field>
                )}
              </div>
            </fieldset>
          );
        })}
        <div>
          <Button
            size="sm"
            disabled={rows.length >= 30}
            onClick={() => form.setValues({ experiences: [...rows, empty()] })}
          >
            افزودن سابقه کاری
          </Button>
        </div>
      </div>
    </StepFrame>
  );
}
