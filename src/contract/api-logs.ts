import { z } from 'zod';
import { id, isoTime, listPageOf } from './api-envelope.ts';

/** The answers of the logs (GET/POST /api/logs/…): sign-in attempts, blocked addresses, SMS sent. */

/** GET /api/logs/users: one sign-in attempt (`method` password | otp | …; `reason` ok or why it failed). */
export const loginAttempt = z.object({
  id,
  at: isoTime,
  username: z.string().nullable(),
  user_id: id.nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});
export const loginAttemptPage = listPageOf(loginAttempt);

/** GET /api/logs/blocked-ips: one block of an address; `active` while neither lifted nor over. */
export const blockedIp = z.object({
  id,
  ip: z.string(),
  reason: z.string(),
  blocked_at: isoTime,
  blocked_until: isoTime,
  unblocked_at: isoTime.nullable(),
  unblocked_by: id.nullable(),
  active: z.boolean(),
});
export const blockedIpPage = listPageOf(blockedIp);

/** POST /api/logs/blocked-ips/{id}/unblock: when the block was lifted. */
export const unblockAnswer = z.object({ id, unblocked_at: isoTime });

/**
 * GET /api/logs/sms: one SMS sent, or one attempt of a queued one (one-time codes masked in
 * `body`): `status` sent | failed; `attempt` (1, 2 …), `job_id` (the pg-boss job) and the
 * provider's `error` for a queued message, null for one sent at once.
 */
export const smsSent = z.object({
  id,
  at: isoTime,
  mobile: z.string(),
  body: z.string(),
  purpose: z.string(),
  provider: z.string(),
  status: z.string(),
  attempt: z.number().int().nullable(),
  job_id: z.string().nullable(),
  error: z.string().nullable(),
});
export const smsSentPage = listPageOf(smsSent);
