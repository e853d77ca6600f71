import { css } from 'styled-system/css';
import { RESUME_STEP_TITLES, RESUME_STEPS } from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { useGuest } from './guest-context.tsx';

const list = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, 1fr)',
  gap: '1',
  listStyle: 'none',
  p: '0',
  m: '0',
  mb: '5',
  '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(4, 1fr)' },
});
const item = css({
  w: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1',
  p: '2',
  bg: 'transparent',
  border: 'none',
  borderBlockEndWidth: '3px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: 'line',
  color: 'muted',
  fontSize: '12px',
  cursor: 'pointer',
  textAlign: 'center',
  '&[data-done=true]': { color: 'ink', borderBlockEndColor: 'success' },
  '&[aria-current=step]': { color: 'first.text', fontWeight: '700', borderBlockEndColor: 'first' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
});
const num = css({ fontSize: '14px', fontWeight: '700' });

/**
 * The seven steps: the current one marked (aria-current), saved ones and the next open one
 * clickable (POST go-step), later ones disabled.
 */
export function Stepper({ current }: { current: number }) {
  const { state, send } = useGuest();
  const done = state.context.guest?.completed_step ?? 0;
  const busy = state.hasTag('busy');
  return (
    <nav aria-label="مراحل ثبت رزومه">
      <ol className={list}>
        {RESUME_STEPS.map((n) => {
          const open = n <= done + 1;
          return (
            <li key={n}>
              <button
                type="button"
                className={item}
                data-done={n <= done}
                aria-current={n === current ? 'step' : undefined}
                disabled={!open || busy}
                onClick={() => n !== current && send({ type: 'guest.goStep', step: n })}
              >
                <span className={num}>{toPersianDigits(n)}</span>
                <span>{RESUME_STEP_TITLES[n]}</span>
                {n <= done && <span className={css({ srOnly: true })}>(ذخیره‌شده)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
