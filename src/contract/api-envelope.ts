import { z } from 'zod';

// Field types of answers, as they travel in JSON.
/** A whole number: a count, a version, a page. */
export const int = z.number().int();
/** A record's id. */
export const id = int;
/** A moment: ISO 8601 in UTC (`2025-01-31T10:20:30Z`, as `Date.toISOString()` or `isoTimestamp` give it). */
export const isoTime = z.iso.datetime();
/** A calendar date: ISO `YYYY-MM-DD`. */
export const isoDate = z.iso.date();

/**
 * The schema of one page of a paged list (`ListPage<Row>` of `list.ts`), the `data` of a list
 * endpoint's `{ data }`: its rows, the total count, the page echoed back, the page size, and the
 * cursor of the next page (`null` on the last one). Route declarations use it as `response`.
 */
export function listPageOf<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: int,
    page: int,
    per_page: int,
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable().optional(),
  });
}

/**
 * The body of every error answer (4xx, 5xx): a Persian `message`, per-field messages under
 * `errors` (422; nested fields by dotted path), and, on some answers, fields that say more. A
 * route may add fields of its own (e.g. `duplicate`, `incomplete_steps`).
 */
export const apiError = z.looseObject({
  message: z.string().meta({ description: 'What went wrong, in Persian, to show the user.' }),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .meta({ description: 'Per-field messages (422): `{ field: [message] }`, nested fields by dotted path.' }),
  blocked: z.boolean().optional().meta({ description: '403: the client address is blocked for now.' }),
  has_change_pass: z
    .boolean()
    .optional()
    .meta({ description: '403: the user must change the password before anything else.' }),
  retryAfter: int
    .optional()
    .meta({ description: '429: seconds to wait (also sent as the Retry-After header).' }),
  stale: z.boolean().optional().meta({ description: '409: the record changed since it was read.' }),
  current_version: int.optional().meta({ description: '409 (stale): the version now stored.' }),
});
export type ApiError = z.infer<typeof apiError>;
