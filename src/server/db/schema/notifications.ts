import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { roles, users } from './auth.ts';

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

/**
 * Notification schemas (الگوهای اعلان), managed by staff at /notifications/schemas: which event
 * sends which template, on which channels, to whom. `event` is one of domain/notifications/events.ts
 * (`issue.assigned` …); `titleTemplate` and `bodyTemplate` are Mustache templates over that event's
 * placeholders (domain/notifications/template.ts). The recipients are the event's own people
 * (`toSubjects`: the assignee, or the followers) and every active user holding one of the
 * schema's roles (`notification_schema_roles`). An event with no active schema notifies nobody.
 */
export const notificationSchemas = pgTable(
  'notification_schemas',
  {
    id: serial().primaryKey(),
    event: text().notNull(),
    name: text().notNull().unique(),
    titleTemplate: text().notNull(),
    bodyTemplate: text().notNull().default(''),
    inApp: boolean().notNull().default(true),
    sms: boolean().notNull().default(false),
    toSubjects: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.event), check('notification_schemas_some_channel', sql`${t.inApp} OR ${t.sms}`)],
);

/** The roles a notification schema also sends to (every active user holding one). */
export const notificationSchemaRoles = pgTable(
  'notification_schema_roles',
  {
    schemaId: integer()
      .notNull()
      .references(() => notificationSchemas.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.schemaId, t.roleId] })],
);

/**
 * Staff-sent messages (/notifications/sms): `audience` says who receives it (`kind` roles, users
 * or persons, with the role ids, user ids, or the persons list's query), `template` is a Mustache
 * template over the recipient's placeholders. A `draft` can be edited; sending fixes the
 * recipients (`recipientCount`), queues one `sms.send` job per recipient with a mobile (and, for
 * users, an in-app notification when `inApp`), and sets `status` `sent` and `sentAt`. The SMS log
 * rows of its jobs carry its id (`sms_log.message_id`), which gives the sent and failed counts.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    audience: jsonb().notNull(),
    template: text().notNull(),
    inApp: boolean().notNull().default(false),
    status: text().notNull().default('draft'),
    recipientCount: integer(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentBy: integer().references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.createdAt),
    check('notification_messages_status_known', sql`${t.status} IN ('draft','sent')`),
  ],
);
