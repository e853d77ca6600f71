import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { changePasswordInput } from '~/contract/auth.ts';
import { type FieldErrors, messageFor, validate } from '~/lib/form-errors.ts';
import { authActor, logout, useAuth } from '~/machines/app-actors.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { t } from './messages.ts';
import { useSessionRedirect } from './use-session-redirect.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/**
 * The password change a session must make before anything else (`has_change_pass`, e.g. after
 * an administrator's reset). Drawn from the auth statechart's `passwordChangeDue` state.
 */
export function ChangePasswordScreen() {
  const state = useAuth();
  const navigate = useNavigate();
  useSessionRedirect(state, 'passwordChangeDue');
  const [values, setValues] = useState<Values>({
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const refs = useRef<Partial<Record<keyof Values, HTMLInputElement | null>>>({});
  const due = state.matches('passwordChangeDue');
  const busy = state.hasTag('busy');
  const failed = state.matches({ passwordChangeDue: 'failed' });
  const error = failed ? state.context.error : null;

  useEffect(() => {
    if (state.matches('signedOut')) void navigate({ to: '/auth/login', replace: true });
  }, [state, navigate]);
  useEffect(() => {
    if (!failed || !error) return;
    const first = FIELDS.find((f) => error.fields[f]);
    if (first) refs.current[first]?.select();
  }, [failed, error]);

  if (!due) {
    return (
      <>
        <h1 className={s.title}>{t.changePasswordTitle}</h1>
        <p className={s.muted} aria-live="polite">
          {state.matches('booting') ? t.checkingSession : t.noChangeDue}
        </p>
        {state.matches({ signedIn: 'ready' }) && <Link to="/">{t.goHome}</Link>}
      </>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = validate(changePasswordInput, values);
    setClientErrors(checked.errors);
    if (!checked.data) {
      const first = FIELDS.find((f) => checked.errors[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    authActor.send({ type: 'auth.submitNewPassword', ...checked.data });
  };
  const field = (name: keyof Values, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} hint={hint} error={messageFor(name, clientErrors, error)}>
      <input
        ref={(el) => {
          refs.current[name] = el;
        }}
        className={inputCss({ ltr: true })}
        name={name}
        type="password"
        autoComplete={autoComplete}
        autoFocus={name === 'current_password'}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
    </Field>
  );
  const hasFieldError = !!error && Object.keys(error.fields).length > 0;

  return (
    <>
      <h1 className={s.title}>{t.changePasswordTitle}</h1>
      <p className={s.lead}>{t.changePasswordLead}</p>
      <form className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {field('current_password', t.currentPassword, 'current-password')}
        {field('password', t.newPassword, 'new-password', t.newPasswordHint)}
        {field('password_confirmation', t.confirmPassword, 'new-password')}
        {error && !hasFieldError && (
          <div role="alert" className={s.alert}>
            {error.message}
          </div>
        )}
        <Button type="submit" tone="primary" className={s.wide} disabled={busy}>
          {busy ? t.savingPassword : t.savePassword}
        </Button>
      </form>
      <div className={s.links}>
        <button type="button" className={s.linkButton} onClick={logout}>
          {t.signOut}
        </button>
      </div>
    </>
  );
}
