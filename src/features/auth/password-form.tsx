import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { loginInput } from '~/contract/auth.ts';
import { formatCountdown, useSecondsLeft } from '~/lib/countdown.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { type AuthSnapshot, authActor } from '~/machines/app-actors.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { t } from './messages.ts';

export interface PasswordFormProps {
  state: AuthSnapshot;
}

/** Username and password; the server's Persian messages under the fields or above the button. */
export function PasswordForm({ state }: PasswordFormProps) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const busy = state.hasTag('busy');
  const failed = state.matches({ signedOut: { password: 'failed' } });
  const throttled = state.matches({ signedOut: { password: 'throttled' } });
  const error = failed || throttled ? state.context.error : null;
  const retryAt = useMemo(() => (error?.retryAfter ? Date.now() + error.retryAfter * 1000 : null), [error]);
  const wait = useSecondsLeft(throttled ? retryAt : null);

  useEffect(() => {
    if (failed) password.current?.select();
  }, [failed]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || throttled) return;
    const checked = validate(loginInput, values);
    setClientErrors(checked.errors);
    if (!checked.data) {
      (checked.errors.username ? username : password).current?.focus();
      return;
    }
    authActor.send({ type: 'auth.submitPassword', ...checked.data });
  };
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const hasFieldError = !!error && Object.keys(error.fields).length > 0;

  return (
    <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Field label={t.username} error={messageFor('username', clientErrors, error)}>
        <input
          className={inputCss({ ltr: true })}
          ref={username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={values.username}
          onChange={set('username')}
        />
      </Field>
      <Field label={t.password} error={messageFor('password', clientErrors, error)}>
        <input
          className={inputCss({ ltr: true })}
          ref={password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
        />
      </Field>
      {error && !hasFieldError && (
        <div role="alert" className={s.alert}>
          {error.message}
          {throttled && wait > 0 && <div>{t.tryAgainIn(formatCountdown(wait))}</div>}
        </div>
      )}
      <Button type="submit" tone="primary" className={s.wide} disabled={busy || throttled}>
        {busy ? t.signingIn : t.signIn}
      </Button>
    </form>
  );
}
