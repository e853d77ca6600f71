import { fromPromise } from 'xstate';
import type {
  Guest,
  ResumeCheckAnswer,
  ResumeCheckInput,
  ResumeDetail,
  ResumeDocument,
  ResumeDocumentType,
  StepAnswer,
} from '../contract/resume.ts';
import type { RequestOptions } from '../lib/http.ts';
import { type EffectPorts, GUEST_STORAGE_KEYS } from './effects.ts';

/**
 * The guestResume statechart's effects on the same ports as the staff machines' (effects.ts):
 * `api` (lib/http in the browser, the fake server in the model tests) and `store`. Every guest
 * call handles its own 401 (`handles401`): the guest's session ends in the machine
 * (`sessionEnded`), the staff error catalogue must not send the guest to /login. All are quiet:
 * the screens show the failures beside the fields.
 */

const GUEST: RequestOptions = { quiet: true, handles401: true };
const XSRF_COOKIE = 'XSRF-TOKEN';
export const [GUEST_KEY, GUEST_STEP_KEY] = GUEST_STORAGE_KEYS;

export function createGuestEffects({ api, store }: Pick<EffectPorts, 'api' | 'store'>) {
  const call = <T>(path: string, opts: RequestOptions = {}) => api<T>(path, { ...GUEST, ...opts });
  /** After a logout every visible cookie may be gone, XSRF-TOKEN too: any GET brings a new one. */
  async function ensureXsrf() {
    if (!store.readCookie(XSRF_COOKIE)) await call('/api/health');
  }
  const fetchResume = () => call<ResumeDetail>('/api/person/resume');

  const guestFiles = {
    /** POST /api/person/resume/documents (multipart `type`, `file`). */
    async upload(type: ResumeDocumentType, file: Blob, name = 'file'): Promise<ResumeDocument> {
      await ensureXsrf();
      const form = new FormData();
      form.set('type', type);
      form.set('file', file, name);
      return call<ResumeDocument>('/api/person/resume/documents', { method: 'POST', body: form });
    },
    /** DELETE /api/person/resume/documents/{id}. */
    async remove(id: number): Promise<void> {
      await ensureXsrf();
      await call(`/api/person/resume/documents/${id}`, { method: 'DELETE' });
    },
    /** GET /api/cities?q= (public): up to 30 cities. */
    cities: (q: string) =>
      call<{ id: number; name: string; province: string }[]>('/api/cities', { query: { q } }),
  };

  const guestResume = {
    actors: {
      fetchResume: fromPromise<ResumeDetail>(fetchResume),
      sendCode: fromPromise<ResumeCheckAnswer, ResumeCheckInput>(async ({ input }) => {
        await ensureXsrf();
        return call<ResumeCheckAnswer>('/api/person/resume/check', { method: 'POST', body: input });
      }),
      verifyCode: fromPromise<ResumeDetail, ResumeCheckInput & { code: string }>(async ({ input }) => {
        await ensureXsrf();
        await call<{ guest: Guest }>('/api/person/resume/check-sms-code', {
          method: 'POST',
          query: { crf_pid: 3 },
          body: input,
        });
        return fetchResume();
      }),
      saveStep: fromPromise<ResumeDetail, { step: number; values: unknown }>(async ({ input }) => {
        await ensureXsrf();
        await call<StepAnswer>(`/api/person/resume/steps/${input.step}`, {
          method: 'PUT',
          body: input.values ?? {},
        });
        return fetchResume();
      }),
      submitResume: fromPromise<ResumeDetail, { step: number; values: unknown }>(async () => {
        await ensureXsrf();
        await call<StepAnswer>('/api/person/resume/submit', { method: 'POST', body: {} });
        return fetchResume();
      }),
      goStep: fromPromise<Guest, { step: number }>(async ({ input }) => {
        await ensureXsrf();
        const answer = await call<StepAnswer>('/api/person/resume/go-step', {
          method: 'POST',
          body: { step: input.step },
        });
        return answer.guest;
      }),
      endGuestSession: fromPromise<void>(async () => {
        try {
          await ensureXsrf();
          await call('/api/logout');
        } catch {
          // The browser forgets the guest either way; a dead session needs no ending.
        }
      }),
    },
    actions: {
      storeGuest: ({ context }: { context: { guest: Guest | null } }) => {
        if (!context.guest) return;
        store.writeJson(GUEST_KEY, context.guest);
        store.writeJson(GUEST_STEP_KEY, context.guest.step);
      },
      clearGuest: () => store.removeKeys(...GUEST_STORAGE_KEYS),
    },
  };

  return { guestResume, guestFiles };
}

export type GuestEffects = ReturnType<typeof createGuestEffects>;

/** The guest kept in the browser (GUEST_STORAGE_KEYS), for a first paint before the server answers. */
export function readStoredGuest(store: Pick<EffectPorts['store'], 'readJson'>): Guest | null {
  const g = store.readJson<Guest | null>(GUEST_KEY, null);
  return g && typeof g.id === 'number' ? g : null;
}
