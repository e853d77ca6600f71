import { z } from 'zod';
import { MESSAGE_STATUS_LABELS, MESSAGE_STATUSES } from '~/contract/notification-messages.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef, ListSearch } from '~/ui/data-table/types.ts';

/**
 * The /notifications/sms URL: the list's state (q, sort, status), and the composer's:
 * `compose` (`new`, or a message's id) and `persons` (a persons audience brought from the true
 * persons list, as JSON text `{ query: { q, advanceFilter }, ids? }`: features pass it by URL).
 */

export const messageFilters: readonly FilterDef[] = [
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] })),
  },
];

const listSchema = listSearchSchema(messageFilters);
const composerSchema = z.object({
  compose: z
    .union([z.literal('new'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  // the router reads a JSON-looking value as JSON: an object typed into the address bar is taken too
  persons: z
    .preprocess((v) => (v && typeof v === 'object' ? JSON.stringify(v) : v), z.string().max(16_000))
    .optional()
    .catch(undefined),
});

export type MessagesSearch = ListSearch & z.infer<typeof composerSchema>;

/** The route's `validateSearch`: a malformed value is dropped, as the lists do. */
export const messagesSearch = (raw: Record<string, unknown>): MessagesSearch => ({
  ...listSchema.parse(raw),
  ...composerSchema.parse(raw),
});
