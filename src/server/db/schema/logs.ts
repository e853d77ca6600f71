import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Every mutation: who, when, what, before/after, rid/oid and the page path it came from. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer(),
    roleId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    rid: text(),
    oid: text(),
    pagePath: text(),
    ip: text(),
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.at)],
);

/** Every sign-in attempt. method: password | otp. */
export const loginLog = pgTable(
  'login_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    username: text(),
    userId: integer(),
    ip: text(),
    userAgent: text(),
    method: text().notNull().default('password'),
    success: boolean().notNull(),
    reason: text(),
  },
  (t) => [index().on(t.at)],
);

/** Addresses blocked after repeated failures; unblocked by an admin or when blockedUntil passes. */
export const blockedIps = pgTable(
  'blocked_ips',
  {
    id: serial().primaryKey(),
    ip: text().notNull(),
    reason: text().notNull(),
    blockedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp({ withTimezone: true }).notNull(),
    unblockedAt: timestamp({ withTimezone: true }),
    unblockedBy: integer(),
  },
  (t) => [index().on(t.ip)],
);

/**
 * Every SMS the product sends, with the provider that took it. A message sent through the job
 * queue (server/jobs/sms-job.ts) has one row per attempt: `attempt` (1, 2, …), the pg-boss
 * `job_id`, `status` sent | failed and, when it failed, the provider's `error`. One-time codes
 * are sent at once, not queued: their rows have no attempt or job.
 */
export const smsLog = pgTable(
  'sms_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    mobile: text().notNull(),
    body: text().notNull(),
    purpose: text().notNull(),
    provider: text().notNull(),
    status: text().notNull().default('sent'),
    attempt: integer(),
    jobId: text(),
    error: text(),
    /** The staff-sent message (notification_messages) it belongs to, or null. */
    messageId: integer(),
  },
  (t) => [index().on(t.at), index().on(t.jobId), index().on(t.messageId)],
);
