import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * In-app notifications, one row per recipient: `kind` names the event (`issue.assigned` …),
 * `title` and `body` are the Persian text shown, `link` the app path it opens (or null).
 * `seen_at` is set when the user marks it seen. Written by the `notify` job
 * (server/jobs/notify.ts), which also queues the SMS when the user has a mobile.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // the header's badge counts a user's unseen ones
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seenAt} IS NULL`),
  ],
);
