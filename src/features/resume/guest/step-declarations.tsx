import { css } from 'styled-system/css';
import { provisionsStep, termsStep } from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import * as s from './styles.ts';

const body = css({ fontSize: '14px', lineHeight: '1.8', m: '0', color: 'ink' });

/** Step 4: each active provision's text with its checkbox, and "accept all". */
export function ProvisionsStep() {
  const { state } = useGuest();
  const provisions = state.context.resume?.provisions ?? [];
  const form = useStepForm<{ accepted: number[] }>(4, () => ({
    accepted: provisions.filter((p) => p.accepted).map((p) => p.id),
  }));
  const accepted = new Set(form.values.accepted);
  const all = provisions.length > 0 && provisions.every((p) => accepted.has(p.id));
  const toggle = (id: number, on: boolean) =>
    form.setValues({ accepted: on ? [...accepted, id] : [...accepted].filter((x) => x !== id) });
  return (
    <StepFrame
      step={4}
      onSubmit={() => form.save(provisionsStep, form.values)}
      messages={looseMessages([form.client, form.server], () => false)}
    >
      <div className={s.stack}>
        <label className={s.check}>
          <input
            type="checkbox"
            name="accept_all"
            checked={all}
            onChange={(e) =>
              form.setValues({ accepted: e.target.checked ? provisions.map((p) => p.id) : [] })
            }
          />
          <strong>همه بندها را می‌پذیرم</strong>
        </label>
        {provisions.map((p, i) => (
          <div key={p.id} className={s.row}>
            <h3 className={s.rowTitle}>{`${toPersianDigits(i + 1)}. ${p.title}`}</h3>
            <p className={body}>{p.body}</p>
            <label className={s.check}>
              <input
                type="checkbox"
                name={`accepted.${p.id}`}
                checked={accepted.has(p.id)}
                onChange={(e) => toggle(p.id, e.target.checked)}
              />
              این بند را خواندم و می‌پذیرم
            </label>
          </div>
        ))}
        {provisions.length === 0 && <p className={s.hint}>تعهدی برای پذیرش تعریف نشده است.</p>}
      </div>
    </StepFrame>
  );
}

/** Step 5: the active questions, yes/no radios or text; messages come keyed `answers.{term_id}`. */
export function TermsStep() {
  const { state } = useGuest();
  const terms = state.context.resume?.terms ?? [];
  const form = useStepForm<{ answers: Record<number, string> }>(5, () => ({
    answers: Object.fromEntries(terms.map((t) => [t.id, t.answer ?? ''])),
  }));
  const answers = form.values.answers;
  const set = (id: number, answer: string) => form.setValues({ answers: { ...answers, [id]: answer } });
  const payload = () => ({
    answers: terms.map((t) => ({ term_id: t.id, answer: answers[t.id] || null })),
  });
  const errorFor = (id: number, i: number) =>
    form.error(`answers.${id}`) ?? form.error(`answers.${i}.answer`) ?? form.error(`answers.${i}`);
  const drawn = (k: string) => /^answers\.\d+/.test(k);
  return (
    <StepFrame
      step={5}
      onSubmit={() => form.save(termsStep, payload())}
      messages={looseMessages([form.client, form.server], drawn)}
    >
      <div className={s.stack}>
        {terms.map((t, i) => {
          const error = errorFor(t.id, i);
          const label = `${toPersianDigits(i + 1)}. ${t.question}${t.required ? '' : ' (اختیاری)'}`;
          return t.kind === 'yes_no' ? (
            <fieldset key={t.id} className={s.row}>
              <legend className={s.rowTitle}>{label}</legend>
              <div className={s.navGroup}>
                {(['yes', 'no'] as const).map((a) => (
                  <label key={a} className={s.check}>
                    <input
                      type="radio"
                      name={`answers.${t.id}`}
                      value={a}
                      checked={answers[t.id] === a}
                      onChange={() => set(t.id, a)}
                      aria-invalid={error ? true : undefined}
                    />
                    {a === 'yes' ? 'بله' : 'خیر'}
                  </label>
                ))}
              </div>
              {error && (
                <span role="alert" className={s.fieldError}>
                  {error}
                </span>
              )}
            </fieldset>
          ) : (
            <Field key={t.id} label={label} error={error} required={t.required}>
              <textarea
                className={inputCss({ multiline: true })}
                name={`answers.${t.id}`}
                value={answers[t.id] ?? ''}
                onChange={(e) => set(t.id, e.target.value)}
              />
            </Field>
          );
        })}
        {terms.length === 0 && <p className={s.hint}>پرسشی تعریف نشده است.</p>}
      </div>
    </StepFrame>
  );
}
