import { useMachine } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ResumeStep } from '~/contract/resume.ts';
import type { FieldErrors } from '~/lib/form-errors.ts';
import { api } from '~/lib/http.ts';
import { browserStore } from '~/machines/app-actors.ts';
import { createGuestEffects } from '~/machines/guest-effects.ts';
import { type GuestResumeEvent, guestResumeMachine } from '~/machines/guest-resume.ts';

/** The guest statechart with the browser's effects (lib/http with its own 401, local storage). */
export const guestEffects = createGuestEffects({ api, store: browserStore });
const guestLogic = guestResumeMachine.provide(guestEffects.guestResume);

export type GuestSnapshot = SnapshotFrom<typeof guestLogic>;
interface GuestValue {
  state: GuestSnapshot;
  send: (event: GuestResumeEvent) => void;
}

const Ctx = createContext<GuestValue | null>(null);

/** Runs one guestResume actor for the screen and gives it to the forms below. */
export function GuestProvider({ children }: { children: ReactNode }) {
  const [state, send] = useMachine(guestLogic);
  return <Ctx.Provider value={{ state, send }}>{children}</Ctx.Provider>;
}

export function useGuest(): GuestValue {
  const v = useContext(Ctx);
  if (!v) throw new Error('useGuest outside GuestProvider');
  return v;
}

/** The step on screen (1..7) while filling, else null. */
export function currentStep(state: GuestSnapshot): ResumeStep | null {
  const v = state.value as { filling?: Record<string, unknown> | string };
  if (!v.filling || typeof v.filling !== 'object') return null;
  const key = Object.keys(v.filling)[0] ?? '';
  const m = /^step(\d)$/.exec(key);
  return m ? (Number(m[1]) as ResumeStep) : ((state.context.guest?.step ?? 1) as ResumeStep);
}

/** The server's field errors for the step on screen (its last save answered 422). */
export function serverErrors(state: GuestSnapshot): FieldErrors | null {
  const step = currentStep(state);
  if (!step || !state.matches({ filling: { [`step${step}`]: 'invalid' } } as never)) return null;
  return state.context.error?.fields ?? null;
}

/** Calls the guest's own upload/delete and tells the machine about a 401 (session over). */
export async function guestCall<T>(send: GuestValue['send'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { status?: number })?.status === 401) send({ type: 'guest.unauthorized' });
    throw err;
  }
}
