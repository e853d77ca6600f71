import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Staff accounts. `status`: active | waiting (sign-up awaiting approval) | deactivated. */
export const users = pgTable('users', {
  id: serial().primaryKey(),
  username: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  mobile: text(),
  email: text(),
  nationalCode: text(),
  status: text().notNull().default('active'),
  hasChangePass: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp({ withTimezone: true }),
});

/** Roles; `type` super_admin holds every permission. */
export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  title: text().notNull(),
  type: text().notNull().default('staff'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Permission idents (e.g. `person.legal.list`) with their Persian titles. */
export const permissions = pgTable('permissions', {
  id: serial().primaryKey(),
  ident: text().notNull().unique(),
  title: text().notNull(),
  groupName: text().notNull().default(''),
});

/** Client route patterns (`/person/legal-persons/view/{id}`) a permission opens. */
export const routePermissions = pgTable(
  'route_permissions',
  {
    id: serial().primaryKey(),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    pattern: text().notNull(),
  },
  (t) => [index().on(t.permissionId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Server-side sessions. `id` is the SHA-256 of the cookie token (the token itself is never stored).
 * `kind`: staff | guest. A staff session has a user and, after role selection, a role.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    kind: text().notNull().default('staff'),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer(),
    roleId: integer().references(() => roles.id, { onDelete: 'set null' }),
    data: jsonb().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** One-time codes sent by SMS. `purpose`: login | forget | guest. The code is stored hashed. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial().primaryKey(),
    purpose: text().notNull(),
    mobile: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.mobile, t.purpose)],
);

/** Fixed-window failure counters for throttling, keyed like `login:user:analyst` or `login:ip:1.2.3.4`. */
export const throttles = pgTable('throttles', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** Key/value settings: app_name, short_name, logo, first_color, second_color, fourth_color. */
export const settings = pgTable('settings', {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  value: text().notNull().default(''),
  title: text().notNull().default(''),
});

/** Menu entries; an entry is shown when its path is permitted for the current role. */
export const menuItems = pgTable('menu_items', {
  id: serial().primaryKey(),
  parentId: integer(),
  title: text().notNull(),
  path: text(),
  icon: text(),
  sort: integer().notNull().default(0),
});
