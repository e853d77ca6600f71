import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { forgetPasswordInput, resetPasswordInput } from '~/contract/auth.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { type CallError, toCallError } from '~/machines/session.ts';
import { Button } from '~/ui/button.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { requestResetCode, resetPassword } from './api.ts';
import { t } from './messages.ts';
import { TextField } from './text-field.tsx';

type Step = 'mobile' | 'reset' | 'done';

/**
 * Forgotten password: the mobile gets a code by SMS, then the code and a new password set it.
 * The server answers the same for unknown mobiles, so this screen cannot tell either.
 */
export function ForgetPasswordScreen() {
  const [step, setStep] = useState<Step>('mobile');
  const [values, setValues] = useState({ mobile: '', code: '', password: '', password_confirmation: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, next: Step) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setStep(next);
    } catch (err) {
      setError(toCallError(err));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (step === 'mobile') {
      const checked = validate(forgetPasswordInput, values);
      setClientErrors(checked.errors);
      if (checked.data) void run(() => requestResetCode(checked.data.mobile), 'reset');
    } else {
      const checked = validate(resetPasswordInput, values);
      setClientErrors(checked.errors);
      if (checked.data) void run(() => resetPassword(checked.data), 'done');
    }
  };
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: messageFor(name, clientErrors, error),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const hasFieldError = !!error && Object.keys(error.fields).length > 0;

  if (step === 'done') {
    return (
      <>
        <h1 className={s.title}>{t.forgetTitle}</h1>
        <p role="status" className={s.note}>
          {t.resetDone}
        </p>
        <div className={s.links}>
          <Link to="/auth/login">{t.backToLogin}</Link>
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className={s.title}>{t.forgetTitle}</h1>
      <p className={s.lead} aria-live="polite">
        {step === 'mobile' ? t.forgetLead : t.forgetCodeLead(toPersianDigits(values.mobile))}
      </p>
      <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {step === 'mobile' ? (
          <TextField
            label={t.mobile}
            hint={t.mobileHint}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            ltr
            autoFocus
            {...bind('mobile')}
          />
        ) : (
          <>
            <TextField
              label={t.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              ltr
              autoFocus
              {...bind('code')}
            />
            <TextField
              label={t.newPassword}
              hint={t.newPasswordHint}
              type="password"
              autoComplete="new-password"
              ltr
              {...bind('password')}
            />
            <TextField
              label={t.confirmPassword}
              type="password"
              autoComplete="new-password"
              ltr
              {...bind('password_confirmation')}
            />
          </>
        )}
        {error && !hasFieldError && (
          <div role="alert" className={s.alert}>
            {error.message}
          </div>
        )}
        <Button type="submit" tone="primary" className={s.wide} disabled={busy}>
          {busy ? t.sending : step === 'mobile' ? t.sendCode : t.resetPassword}
        </Button>
      </form>
      <div className={s.links}>
        <Link to="/auth/login">{t.backToLogin}</Link>
      </div>
    </>
  );
}
