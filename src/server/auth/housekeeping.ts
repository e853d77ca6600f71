import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { otpCodes, sessions, throttles } from '../db/schema/index.ts';

const MINUTE = 60_000;
/** How often a server process clears out what has expired. */
export const PURGE_EVERY_MS = 10 * MINUTE;

/**
 * Deletes expired sessions, throttle rows whose window and lock ended more than a day ago, and
 * one-time codes that expired more than a day ago (kept a day for inquiries).
 */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * MINUTE);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db
    .delete(throttles)
    .where(
      and(
        lt(throttles.windowStart, dayAgo),
        or(isNull(throttles.lockedUntil), lt(throttles.lockedUntil, now)),
      ),
    );
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo));
}

/** Runs `purgeExpired` at most once per PURGE_EVERY_MS of the clock; errors are logged, never thrown. */
export function purger(db: Db) {
  let last = Number.NEGATIVE_INFINITY;
  return async (now: Date) => {
    if (now.getTime() - last < PURGE_EVERY_MS) return;
    last = now.getTime();
    try {
      await purgeExpired(db, now);
    } catch (err) {
      console.error('purge of expired sessions failed', err);
    }
  };
}
