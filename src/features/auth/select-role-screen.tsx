import { useLocation, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { browserStore, logout, roleSelectionLogic, useAuth } from '~/machines/app-actors.ts';
import { takeRedirect } from '~/machines/effects.ts';
import { Button } from '~/ui/button.tsx';
import * as s from '~/ui/sign-in-card.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { t } from './messages.ts';

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const roleButton = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: '100%',
  minH: '44px',
  px: '3',
  py: '2',
  bg: 'surface',
  color: 'ink',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '6px',
  textAlign: 'start',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  _focusVisible: { borderColor: 'fourth.strong' },
  '&[aria-busy=true]': { bg: 'first.soft' },
  _disabled: { cursor: 'wait' },
});
const digit = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '24px',
  h: '24px',
  flexShrink: 0,
  borderRadius: '4px',
  bg: 'subtle',
  color: 'muted',
  fontSize: '12px',
  fontWeight: '600',
});
const roleTitle = css({ fontWeight: '600', fontSize: '14px' });
const roleKind = css({ fontSize: '12px', color: 'muted', marginInlineStart: 'auto' });

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Choosing the role to work in. The roles are buttons: ↑/↓ move between them, Enter picks,
 * digits 1–9 pick directly (physical keys, so a Persian layout works too). A single role is
 * picked without asking; the roleSelection statechart does the rest.
 */
export function SelectRoleScreen() {
  // Rendered again for a moment while the router leaves this page (the layout changes with the
  // location before the next page resolves): a second selection would race the first one's
  // session renewal, so only the page itself chooses.
  const here = useLocation({ select: (l) => l.pathname === '/auth/select-role' });
  const signedOut = useAuth((s) => s.matches('signedOut'));
  const navigate = useNavigate();
  // Choosing a role needs a session: without one (never signed in, or a 401 here) sign in first.
  useEffect(() => {
    if (here && signedOut) void navigate({ to: '/auth/login', replace: true });
  }, [here, signedOut, navigate]);
  return here && !signedOut ? <RoleChooser /> : null;
}

function RoleChooser() {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    roleSelectionLogic.provide({
      actions: {
        navigateAfterSelection: () => void navigate({ href: takeRedirect(browserStore), replace: true }),
      },
    }),
  );
  const [state, send] = useMachine(logic, { input: {} });

  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const roles = state.context.roles;
  const listed = state.matches('choosing') || state.matches('selecting') || state.matches('selectFailed');
  const busy = state.hasTag('busy');

  const pick = (index: number) => {
    const role = roles[index];
    if (role && !busy) send({ type: 'role.select', roleId: role.id });
  };
  useShortcuts(Object.fromEntries(DIGITS.map((d, i) => [`Digit${d}`, () => pick(i)])), listed);
  useShortcuts(Object.fromEntries(DIGITS.map((d, i) => [`Numpad${d}`, () => pick(i)])), listed);

  useEffect(() => {
    if (state.matches('choosing')) buttons.current[0]?.focus();
  }, [state]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.code !== 'ArrowDown' && e.code !== 'ArrowUp') return;
    e.preventDefault();
    const at = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const step = e.code === 'ArrowDown' ? 1 : -1;
    const next = (at + step + roles.length) % roles.length;
    buttons.current[at < 0 ? 0 : next]?.focus();
  };

  return (
    <>
      <h1 className={s.title}>{t.selectRoleTitle}</h1>
      {listed && <p className={s.lead}>{t.selectRoleLead}</p>}
      {state.matches('loading') && (
        <p className={s.muted} aria-live="polite" aria-busy="true">
          {t.loadingRoles}
        </p>
      )}
      {state.matches('loadFailed') && (
        <div className={s.form}>
          <div role="alert" className={s.alert}>
            {state.context.error?.message}
          </div>
          <Button tone="primary" autoFocus onClick={() => send({ type: 'role.retry' })}>
            {t.retry}
          </Button>
        </div>
      )}
      {state.matches('noRoles') && (
        <div role="alert" className={s.note}>
          {t.noRoles}
        </div>
      )}
      {listed && (
        <ul className={list} aria-label={t.rolesLabel} onKeyDown={onKeyDown}>
          {roles.map((role, i) => (
            <li key={role.id}>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className={roleButton}
                disabled={busy}
                aria-busy={busy && state.context.chosenId === role.id}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                onClick={() => pick(i)}
              >
                {i < 9 && (
                  <span className={digit} aria-hidden="true">
                    {toPersianDigits(i + 1)}
                  </span>
                )}
                <span className={roleTitle}>{role.title}</span>
                {role.type === 'super_admin' && <span className={roleKind}>{t.superAdmin}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.matches('selecting') && (
        <p className={s.muted} aria-live="polite">
          {t.selectingRole}
        </p>
      )}
      {state.matches('selectFailed') && (
        <div role="alert" className={css({ mt: '3' })}>
          <div className={s.alert}>{state.context.error?.message}</div>
        </div>
      )}
      <div className={s.links}>
        <button type="button" className={s.linkButton} onClick={logout}>
          {t.signOut}
        </button>
      </div>
    </>
  );
}
