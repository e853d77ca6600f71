import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS, educationStep } from '~/contract/resume.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import * as s from './styles.ts';

interface EducationRow {
  level: string;
  field: string;
  university: string;
  graduation_date: string;
}
const empty = (): EducationRow => ({ level: '', field: '', university: '', graduation_date: '' });

/** Step 2: degrees, 1..10 rows (add, remove); row messages come keyed `educations.0.field`. */
export function EducationStep() {
  const { state } = useGuest();
  const saved = state.context.resume?.educations ?? [];
  const form = useStepForm<{ educations: EducationRow[] }>(2, () => ({
    educations: saved.length
      ? saved.map((e) => ({
          level: e.level,
          field: e.field,
          university: e.university,
          graduation_date: toPersianDigits(jalaliOfIso(e.graduation_date)),
        }))
      : [empty()],
  }));
  const rows = form.values.educations;
  const setRow = (i: number, patch: Partial<EducationRow>) =>
    form.setValues({ educations: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const drawn = (k: string) => /^educations\.\d+\.(level|field|university|graduation_date)$/.test(k);
  return (
    <StepFrame
      step={2}
      onSubmit={() => form.save(educationStep, form.values)}
      messages={looseMessages([form.client, form.server], drawn)}
    >
      <div className={s.stack}>
        {rows.map((r, i) => {
          const key = (f: string) => `educations.${i}.${f}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            <fieldset key={i} className={s.row}>
              <div className={s.rowHead}>
                <legend className={s.rowTitle}>{`مدرک ${toPersianDigits(i + 1)}`}</legend>
                <Button
                  size="sm"
                  tone="ghost"
                  disabled={rows.length === 1}
                  onClick={() => form.setValues({ educations: rows.filter((_, j) => j !== i) })}
                  aria-label={`حذف مدرک ${toPersianDigits(i + 1)}`}
                >
                  حذف
                </Button>
              </div>
              <div className={s.grid}>
                <Field label="مقطع" error={form.error(key('level'))} required>
                  <select
                    className={s.select}
                    name={key('level')}
                    value={r.level}
                    onChange={(e) => setRow(i, { level: e.target.value })}
                  >
                    <option value="">برگزینید</option>
                    {EDUCATION_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {EDUCATION_LEVEL_LABELS[l]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="رشته" error={form.error(key('field'))} required>
                  <input
                    className={inputCss()}
                    name={key('field')}
                    value={r.field}
                    onChange={(e) => setRow(i, { field: e.target.value })}
                  />
                </Field>
                <Field label="دانشگاه" error={form.error(key('university'))} required>
                  <input
                    className={inputCss()}
                    name={key('university')}
                    value={r.university}
                    onChange={(e) => setRow(i, { university: e.target.value })}
                  />
                </Field>
                <JalaliField
                  label="تاریخ دانش‌آموختگی"
                  required
                  name={key('graduation_date')}
                  value={r.graduation_date}
                  onChange={(graduation_date) => setRow(i, { graduation_date })}
                  error={form.error(key('graduation_date'))}
                />
              </div>
            </fieldset>
          );
        })}
        <div>
          <Button
            size="sm"
            disabled={rows.length >= 10}
            onClick={() => form.setValues({ educations: [...rows, empty()] })}
          >
            افزودن مدرک تحصیلی
          </Button>
        </div>
      </div>
    </StepFrame>
  );
}
