import { z } from 'zod';
import { id, isoTime, listPageOf } from './api-envelope.ts';

/** The signed-in user's in-app notifications (GET/POST /api/notifications…). */

/**
 * One notification: `kind` the event (`issue.assigned` …), Persian `title` and `body`, `link` an
 * app path to open (or null), when it came, and when it was marked seen (null: unseen).
 */
export const notificationRow = z.object({
  id,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: isoTime,
  seen_at: isoTime.nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;
export const notificationPage = listPageOf(notificationRow);
