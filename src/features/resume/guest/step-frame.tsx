import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { RESUME_STEP_TITLES, type ResumeStep } from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type FieldErrors, validate } from '~/lib/form-errors.ts';
import { Button } from '~/ui/button.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { currentStep, serverErrors, useGuest } from './guest-context.tsx';
import * as s from './styles.ts';

/**
 * A step's form state: the values (from the saved resume at first), the client's
 * check with the contract's schema before anything is sent, and the messages per field (the
 * client's first, then the server's 422, keyed `educations.0.field` for rows).
 */
export function useStepForm<T>(step: ResumeStep, initial: () => T) {
  const { state, send } = useGuest();
  // The form stays mounted through saving and a 422, so what was typed stays (the machine keeps
  // the payload too, in context.draft).
  const [values, setValues] = useState<T>(initial);
  const [sentValues, setSentValues] = useState<T | null>(null);
  const [client, setClient] = useState<FieldErrors | null>(null);
  const server = currentStep(state) === step ? serverErrors(state) : null;
  // The server's message stays until the field it is about is changed.
  const edited = (field: string) =>
    sentValues !== null && JSON.stringify(at(values, field)) !== JSON.stringify(at(sentValues, field));
  const error = (field: string): string | undefined =>
    client?.[field]?.[0] ?? (edited(field) ? undefined : server?.[field]?.[0]);
  const save = (schema: ZodType<unknown>, payload: unknown) => {
    const checked = validate(schema, payload);
    setClient(checked.errors);
    if (checked.errors) {
      // The first field with a message gets the focus once it is drawn.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
      return;
    }
    setSentValues(values);
    send({ type: 'guest.save', values: payload });
  };
  return { values, setValues, error, save, client, server };
}

/** Messages that belong to no field drawn on the form (e.g. `photo`, `step`, `_`). */
export function looseMessages(errors: (FieldErrors | null)[], drawn: (key: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of errors)
    for (const [k, v] of Object.entries(e ?? {}))
      if (!drawn(k) && v[0] && !out.includes(v[0])) out.push(v[0]);
  return out;
}

/** The value at a dotted path (`educations.0.field`) of a form's values. */
function at(values: unknown, path: string): unknown {
  let v = values;
  for (const k of path.split('.'))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

export interface StepFrameProps {
  step: ResumeStep;
  onSubmit(): void;
  children: ReactNode;
  /** Messages not shown beside a field. */
  messages?: string[];
  submitLabel?: string;
  lead?: ReactNode;
}

/**
 * One step: its heading (focused when the step opens), the form (Enter saves), the step's
 * messages, and the way on: previous (Alt+→, in RTL) and save-and-next (Alt+←), and leave.
 */
export function StepFrame({ step, onSubmit, children, messages = [], submitLabel, lead }: StepFrameProps) {
  const { state, send } = useGuest();
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = state.hasTag('busy');
  const other = state.context.error && !state.matches({ filling: { [`step${step}`]: 'invalid' } } as never);

  const refused = state.matches({ filling: { [`step${step}`]: 'invalid' } } as never);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // After a 422 the first field with a message (or the step's message) gets the focus.
  useEffect(() => {
    if (!refused) return;
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('form [aria-invalid=true], form [role=alert]')?.focus(),
    );
  }, [refused]);

  const previous = () => {
    if (step > 1 && !busy) send({ type: 'guest.goStep', step: step - 1 });
  };
  useShortcuts({
    'Alt+ArrowRight': (e) => {
      e.preventDefault();
      previous();
    },
    'Alt+ArrowLeft': (e) => {
      e.preventDefault();
      if (!busy) onSubmit();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={`step-${step}-title`}>
      <h2 id={`step-${step}-title`} ref={heading} tabIndex={-1} className={s.heading}>
        {`مرحله ${toPersianDigits(step)} از ۷: ${RESUME_STEP_TITLES[step]}`}
      </h2>
      {lead && <p className={s.hint}>{lead}</p>}
      {(messages.length > 0 || other) && (
        <div role="alert" tabIndex={-1} className={s.alert} style={{ marginBlockEnd: 12 }}>
          {messages.length > 0 ? messages.map((m) => <div key={m}>{m}</div>) : state.context.error?.message}
        </div>
      )}
      {children}
      <div className={s.nav}>
        <div className={s.navGroup}>
          <Button onClick={previous} disabled={step === 1 || busy} shortcut="Alt+ArrowRight">
            مرحله پیش
          </Button>
          <Button tone="ghost" onClick={() => send({ type: 'guest.leave' })} disabled={busy}>
            خروج و ادامه در زمانی دیگر
          </Button>
        </div>
        <Button type="submit" tone="primary" disabled={busy} shortcut="Alt+ArrowLeft">
          {busy ? 'در حال ذخیره…' : (submitLabel ?? 'ذخیره و مرحله بعد')}
        </Button>
      </div>
    </form>
  );
}
