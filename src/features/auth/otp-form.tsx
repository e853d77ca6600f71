import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { otpCode, sendOtpInput } from '~/contract/auth.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatCountdown, useSecondsLeft } from '~/lib/countdown.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { type AuthSnapshot, authActor } from '~/machines/app-actors.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { t } from './messages.ts';

const codeOnly = z.object({ code: otpCode });

export interface OtpFormProps {
  state: AuthSnapshot;
}

/** Sign-in with a one-time code: the mobile first, then the code it was texted. */
export function OtpForm({ state }: OtpFormProps) {
  return state.matches({ signedOut: { otp: 'codeSent' } }) ? (
    <CodeStep state={state} />
  ) : (
    <MobileStep state={state} />
  );
}

function MobileStep({ state }: OtpFormProps) {
  const [mobile, setMobile] = useState(state.context.mobile);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = state.hasTag('busy');
  const throttled = state.matches({ signedOut: { otp: 'throttled' } });
  const failed = state.matches({ signedOut: { otp: 'sendFailed' } });
  const error = throttled || failed ? state.context.error : null;
  const retryAt = useMemo(() => (error?.retryAfter ? Date.now() + error.retryAfter * 1000 : null), [error]);
  const wait = useSecondsLeft(throttled ? retryAt : null);
  const fieldMessage = messageFor('mobile', clientErrors, error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || throttled) return;
    const checked = validate(sendOtpInput, { mobile });
    setClientErrors(checked.errors);
    if (checked.data) authActor.send({ type: 'auth.requestOtp', mobile: checked.data.mobile });
  };

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Field label={t.mobile} hint={t.mobileHint} error={fieldMessage}>
        <input
          className={inputCss({ ltr: true })}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          autoFocus
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
        />
      </Field>
      {error && !fieldMessage && (
        <div role="alert" className={s.alert}>
          {error.message}
          {throttled && wait > 0 && <div>{t.tryAgainIn(formatCountdown(wait))}</div>}
        </div>
      )}
      <Button type="submit" tone="primary" className={s.wide} disabled={busy || throttled}>
        {busy ? t.sendingCode : t.sendCode}
      </Button>
    </form>
  );
}

function CodeStep({ state }: OtpFormProps) {
  const [code, setCode] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = state.hasTag('busy');
  const at = (code: 'wrong' | 'expired') => state.matches({ signedOut: { otp: { codeSent: { code } } } });
  const wrong = at('wrong');
  const expired = at('expired');
  const canResend = state.matches({ signedOut: { otp: { codeSent: { resend: 'available' } } } });
  const error = wrong ? state.context.error : null;
  const resendIn = useSecondsLeft(canResend ? null : state.context.resendAt);
  const validFor = useSecondsLeft(expired ? null : state.context.expiresAt);

  useEffect(() => {
    if (wrong) input.current?.select();
  }, [wrong]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || expired) return;
    const checked = validate(codeOnly, { code });
    setClientErrors(checked.errors);
    if (checked.data) authActor.send({ type: 'auth.submitOtp', code: checked.data.code });
  };
  const fieldMessage = messageFor('code', clientErrors, error);

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className={s.note} aria-live="polite">
        {t.codeSentTo(toPersianDigits(state.context.mobile))}
      </p>
      <Field
        label={t.code}
        error={fieldMessage}
        hint={!expired && validFor > 0 ? t.codeValidFor(formatCountdown(validFor)) : undefined}
      >
        <input
          className={inputCss({ ltr: true })}
          ref={input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          disabled={expired}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      {error && !fieldMessage && (
        <div role="alert" className={s.alert}>
          {error.message}
        </div>
      )}
      {expired && (
        <div role="alert" className={s.alert}>
          {t.codeExpired}
        </div>
      )}
      <Button type="submit" tone="primary" className={s.wide} disabled={busy || expired}>
        {busy ? t.verifying : t.signIn}
      </Button>
      <div className={s.actions}>
        <button
          type="button"
          className={s.linkButton}
          disabled={!canResend || busy}
          onClick={() => authActor.send({ type: 'auth.resendOtp' })}
        >
          {canResend ? t.resend : t.resendIn(formatCountdown(resendIn))}
        </button>
        <span aria-hidden="true" className={s.muted}>
          ·
        </span>
        <button
          type="button"
          className={s.linkButton}
          onClick={() => authActor.send({ type: 'auth.changeMobile' })}
        >
          {t.changeMobile}
        </button>
      </div>
    </form>
  );
}
