import { z } from 'zod';

/**
 * Record ids and versions as the API takes them, and the small answers that carry only them.
 * Kept apart from fields.ts (which brings the Persian text, identifier and Jalali rules) so that
 * a contract needing only ids stays small in the client.
 */

/** The largest record id: ids are PostgreSQL `integer` (serial), 2³¹ − 1. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer id (path or body; strings of digits are accepted), at most MAX_ID: a larger
 * one names no record, and PostgreSQL would refuse it as an `integer`.
 */
export const positiveId = z.coerce
  .number({ error: 'شناسه نامعتبر است' })
  .int('شناسه نامعتبر است')
  .positive('شناسه نامعتبر است')
  .max(MAX_ID, 'شناسه نامعتبر است');

/** The id chosen in a picker; `message` when nothing (or nonsense) was chosen. */
export const pickedId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * The version a write was read at (optimistic locking; a PostgreSQL `integer`): from `min`, at
 * most MAX_ID, `message` when it is not.
 */
export const recordVersion = (message: string, min = 1) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(MAX_ID, message);

/** What a write of a versioned record answers: its id and its version after the write. */
export const savedRecord = z.object({ id: z.number().int(), version: z.number().int() });

/** What a deletion answers: `{ deleted: true }`. */
export const deletedAnswer = z.object({ deleted: z.literal(true) });
