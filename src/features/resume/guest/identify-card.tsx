import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { smsCode } from '~/contract/fields.ts';
import { resumeCheckInput } from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatCountdown, useSecondsLeft } from '~/lib/countdown.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import * as a from '~/ui/sign-in-card.ts';
import { useGuest } from './guest-context.tsx';
import * as s from './styles.ts';

const codeOnly = z.object({ code: smsCode });

/**
 * The applicant's first card: national code and mobile, then the code texted to the mobile
 * (with "send again" after 60 s), the lock after too many tries, and the notes on return.
 */
export function IdentifyCard() {
  const { state } = useGuest();
  const codeSent = state.matches('codeSent');
  return (
    <section className={s.card} aria-labelledby="guest-identify-title">
      <h1 id="guest-identify-title" className={a.title}>
        ثبت رزومه نامزدهای هیئت مدیره و مدیریت
      </h1>
      <p className={a.lead}>
        برای ثبت یا ادامه رزومه، کد ملی و شماره همراه خود را وارد کنید؛ کدی شش‌رقمی برایتان پیامک می‌شود.
      </p>
      {codeSent ? <CodeStep /> : <IdentityStep />}
    </section>
  );
}

function IdentityStep() {
  const { state, send } = useGuest();
  const [values, setValues] = useState({
    national_code: state.context.national_code,
    mobile: state.context.mobile,
  });
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = state.hasTag('busy');
  const locked = state.matches('locked');
  const ended = state.matches('sessionEnded');
  const error = state.matches({ identify: 'invalid' }) || locked ? state.context.error : null;
  const retryAt = useMemo(() => (error?.retryAfter ? Date.now() + error.retryAfter * 1000 : null), [error]);
  const wait = useSecondsLeft(locked ? retryAt : null);
  const ncMessage = messageFor('national_code', clientErrors, error);
  const mobileMessage = messageFor('mobile', clientErrors, error);

  if (ended) {
    return (
      <div className={s.stack}>
        <div role="alert" className={s.alert}>
          نشست شما به پایان رسیده است. اطلاعات ذخیره‌شده از میان نرفته است؛ برای ادامه دوباره شماره همراه خود
          را تأیید کنید.
        </div>
        <Button tone="primary" autoFocus onClick={() => send({ type: 'guest.verifyAgain' })}>
          تأیید دوباره
        </Button>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || locked) return;
    const checked = validate(resumeCheckInput, values);
    setClientErrors(checked.errors);
    if (checked.data) send({ type: 'guest.requestCode', ...checked.data });
  };
  return (
    <form className={a.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      {state.context.note === 'left' && (
        <p role="status" className={s.note}>
          از رزومه خارج شدید. هر زمان بخواهید می‌توانید با همین کد ملی و شماره همراه ادامه دهید؛ آنچه ذخیره
          کرده‌اید می‌ماند.
        </p>
      )}
      <Field label="کد ملی" error={ncMessage} hint="۱۰ رقم، بدون خط تیره">
        <input
          className={inputCss({ ltr: true })}
          name="national_code"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={values.national_code}
          onChange={(e) => setValues({ ...values, national_code: e.target.value })}
        />
      </Field>
      <Field label="شماره همراه" error={mobileMessage} hint="مانند ۰۹۱۲۳۴۵۶۷۸۹">
        <input
          className={inputCss({ ltr: true })}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={values.mobile}
          onChange={(e) => setValues({ ...values, mobile: e.target.value })}
        />
      </Field>
      {error && !ncMessage && !mobileMessage && (
        <div role="alert" className={s.alert}>
          {error.message}
          {locked && wait > 0 && <div>{`${formatCountdown(wait)} دیگر دوباره تلاش کنید`}</div>}
        </div>
      )}
      <Button type="submit" tone="primary" className={a.wide} disabled={busy || locked}>
        {busy ? 'در حال ارسال کد…' : 'دریافت کد تأیید'}
      </Button>
    </form>
  );
}

function CodeStep() {
  const { state, send } = useGuest();
  const [code, setCode] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = state.hasTag('busy');
  const wrong = state.matches({ codeSent: { code: 'wrong' } });
  const canResend = state.matches({ codeSent: { resend: 'available' } });
  const error = wrong ? state.context.error : null;
  const resendIn = useSecondsLeft(canResend ? null : state.context.resendAt);
  const validFor = useSecondsLeft(state.context.expiresAt);
  const left = error?.attemptsLeft;

  useEffect(() => {
    if (wrong) input.current?.select();
  }, [wrong]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = validate(codeOnly, { code });
    setClientErrors(checked.errors);
    if (checked.data) send({ type: 'guest.submitCode', code: checked.data.code });
  };
  const message = messageFor('code', clientErrors, error) ?? (error ? error.message : undefined);
  return (
    <form className={a.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className={a.note} aria-live="polite">
        کد تأیید به شماره {toPersianDigits(state.context.mobile)} پیامک شد.
      </p>
      <Field
        label="کد تأیید"
        error={message}
        hint={
          validFor > 0
            ? `این کد تا ${formatCountdown(validFor)} دیگر معتبر است`
            : 'مهلت کد گذشته است؛ کد تازه بگیرید'
        }
      >
        <input
          ref={input}
          className={inputCss({ ltr: true })}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      {wrong && typeof left === 'number' && (
        <p role="status" className={a.muted}>
          {`${toPersianDigits(left)} بار دیگر می‌توانید کد را وارد کنید.`}
        </p>
      )}
      <Button type="submit" tone="primary" className={a.wide} disabled={busy}>
        {busy ? 'در حال بررسی…' : 'تأیید و ادامه'}
      </Button>
      <div className={a.actions}>
        <button
          type="button"
          className={a.linkButton}
          disabled={!canResend || busy}
          onClick={() => send({ type: 'guest.resend' })}
        >
          {canResend ? 'ارسال دوباره کد' : `ارسال دوباره تا ${formatCountdown(resendIn)} دیگر`}
        </button>
        <span aria-hidden="true" className={a.muted}>
          ·
        </span>
        <button type="button" className={a.linkButton} onClick={() => send({ type: 'guest.changeMobile' })}>
          تغییر کد ملی یا شماره همراه
        </button>
      </div>
    </form>
  );
}
