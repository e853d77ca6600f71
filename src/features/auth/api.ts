import type { z } from 'zod';
import type { resetPasswordInput, signupInput } from '~/contract/auth.ts';
import { api } from '~/lib/http.ts';
import { readCookie } from '~/lib/storage.ts';

/** The sign-in screens' own calls (the statecharts' calls live in src/machines/effects.ts). */

/** After logout no cookie is left, XSRF-TOKEN included: any GET brings a new one. */
async function ensureXsrf() {
  if (!readCookie('XSRF-TOKEN')) await api('/api/health', { quiet: true });
}

/** POST /api/user/forget-password → a code by SMS (the same answer for unknown mobiles). */
export async function requestResetCode(mobile: string) {
  await ensureXsrf();
  return api<{ sent: boolean; expires_in: number }>('/api/user/forget-password', {
    method: 'POST',
    body: { mobile },
    quiet: true,
  });
}

/** POST /api/user/forget-password/reset → the new password is set; the user signs in with it. */
export async function resetPassword(input: z.infer<typeof resetPasswordInput>) {
  await ensureXsrf();
  return api<{ reset: boolean }>('/api/user/forget-password/reset', {
    method: 'POST',
    body: input,
    quiet: true,
  });
}

/** POST /api/signup?crf_pid=3 (form body) → the account waits for an administrator's approval. */
export async function signUp(input: z.infer<typeof signupInput>) {
  await ensureXsrf();
  return api<{ status: 'waiting' }>('/api/signup', {
    method: 'POST',
    query: { crf_pid: 3 },
    body: input,
    form: true,
    quiet: true,
  });
}
