import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { signupInput } from '~/contract/auth.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { type CallError, toCallError } from '~/machines/session.ts';
import { Button } from '~/ui/button.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { signUp } from './api.ts';
import { t } from './messages.ts';
import { TextField } from './text-field.tsx';

const EMPTY = { first_name: '', last_name: '', national_code: '', mobile: '', username: '', password: '' };

/** A new staff account; it waits for an administrator's approval (/auth/waiting). */
export function SignupScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = validate(signupInput, values);
    setClientErrors(checked.errors);
    if (!checked.data) {
      const first = Object.keys(EMPTY).find((k) => checked.errors[k]);
      if (first) document.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signUp(checked.data);
      await navigate({ to: '/auth/waiting' });
    } catch (err) {
      setError(toCallError(err));
      setBusy(false);
    }
  };
  const bind = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: messageFor(name, clientErrors, error),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const hasFieldError = !!error && Object.keys(error.fields).length > 0;

  return (
    <>
      <h1 className={s.title}>{t.signupTitle}</h1>
      <p className={s.lead}>{t.signupLead}</p>
      <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <TextField label={t.firstName} autoComplete="given-name" autoFocus {...bind('first_name')} />
        <TextField label={t.lastName} autoComplete="family-name" {...bind('last_name')} />
        <TextField label={t.nationalCode} inputMode="numeric" ltr {...bind('national_code')} />
        <TextField
          label={t.mobile}
          hint={t.mobileHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          ltr
          {...bind('mobile')}
        />
        <TextField
          label={t.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          ltr
          {...bind('username')}
        />
        <TextField
          label={t.password}
          hint={t.newPasswordHint}
          type="password"
          autoComplete="new-password"
          ltr
          {...bind('password')}
        />
        {error && !hasFieldError && (
          <div role="alert" className={s.alert}>
            {error.message}
          </div>
        )}
        <Button type="submit" tone="primary" className={s.wide} disabled={busy}>
          {busy ? t.submittingSignup : t.submitSignup}
        </Button>
      </form>
      <div className={s.links}>
        <Link to="/auth/login">{t.backToLogin}</Link>
      </div>
    </>
  );
}
