import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useId, useRef } from 'react';
import { css } from 'styled-system/css';
import { authActor, useAuth } from '~/machines/app-actors.ts';
import * as s from '~/ui/sign-in-card.ts';
import { t } from './messages.ts';
import { OtpForm } from './otp-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { useSessionRedirect } from './use-session-redirect.ts';

const tabList = css({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '1',
  p: '1',
  mb: '4',
  bg: 'subtle',
  borderRadius: '6px',
});
const tab = css({
  h: '32px',
  px: '2',
  border: 'none',
  borderRadius: '4px',
  bg: 'transparent',
  color: 'muted',
  fontSize: '13px',
  fontWeight: '500',
  cursor: 'pointer',
  '&[aria-selected=true]': { bg: 'surface', color: 'ink', boxShadow: '0 0 0 1px token(colors.line.strong)' },
});

type Method = 'password' | 'otp';

/**
 * The sign-in card (/auth/login and /login): two methods as tabs — password, and a one-time
 * code by SMS. The auth statechart holds everything; this only draws its state and sends the
 * user's events. A signed-in visitor is sent on (see useSessionRedirect).
 */
export function LoginScreen() {
  const state = useAuth();
  useSessionRedirect(state);
  const id = useId();
  const tabs = useRef<Record<Method, HTMLButtonElement | null>>({ password: null, otp: null });

  if (!state.matches('signedOut')) {
    return (
      <>
        <h1 className={s.title}>{t.loginTitle}</h1>
        <p className={s.muted} aria-live="polite" aria-busy="true">
          {state.matches('booting') ? t.checkingSession : t.signingIn}
        </p>
      </>
    );
  }

  const method: Method = state.matches({ signedOut: 'otp' }) ? 'otp' : 'password';
  const choose = (m: Method) => {
    if (m !== method) authActor.send({ type: m === 'otp' ? 'auth.useOtp' : 'auth.usePassword' });
    tabs.current[m]?.focus();
  };
  // Two tabs: any arrow goes to the other one (in RTL ← and → trade places anyway).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.code === 'ArrowLeft' || e.code === 'ArrowRight') {
      e.preventDefault();
      choose(method === 'password' ? 'otp' : 'password');
    } else if (e.code === 'Home') {
      e.preventDefault();
      choose('password');
    } else if (e.code === 'End') {
      e.preventDefault();
      choose('otp');
    }
  };
  const tabProps = (m: Method, label: string) => ({
    ref: (el: HTMLButtonElement | null) => {
      tabs.current[m] = el;
    },
    id: `${id}-${m}-tab`,
    type: 'button' as const,
    role: 'tab',
    className: tab,
    'aria-selected': method === m,
    'aria-controls': `${id}-panel`,
    tabIndex: method === m ? 0 : -1,
    onClick: () => choose(m),
    children: label,
  });

  return (
    <>
      <h1 className={s.title}>{t.loginTitle}</h1>
      <div role="tablist" aria-label={t.methods} className={tabList} onKeyDown={onKeyDown}>
        <button {...tabProps('password', t.passwordTab)} />
        <button {...tabProps('otp', t.otpTab)} />
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${method}-tab`}>
        {method === 'password' ? <PasswordForm state={state} /> : <OtpForm state={state} />}
      </div>
      <nav className={s.links} aria-label={t.loginTitle}>
        <Link to="/auth/forget-password">{t.forgotPassword}</Link>
        <Link to="/auth/signup">{t.signUp}</Link>
      </nav>
    </>
  );
}
