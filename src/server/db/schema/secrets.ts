import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets every server process must share (the anti-forgery tokens' signing key), made once by
 * whichever process needs one first. Never answered by any route.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
