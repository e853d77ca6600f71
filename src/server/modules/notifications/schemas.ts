import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ownerParams } from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import {
  type NotificationRole,
  type NotificationSchemaRow,
  notificationRole,
  notificationSchema,
  notificationSchemaEntity,
  notificationSchemaInput,
} from '../../../contract/notification-schemas.ts';
import type { Db } from '../../db/client.ts';
import { checkNameFree } from '../../db/pg-errors.ts';
import { notificationSchemaRoles, notificationSchemas, roles } from '../../db/schema/index.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

type Input = z.output<typeof notificationSchemaInput>;

/**
 * Notification schemas (issue 18; contract/notification-schemas.ts), managed with `notifications`
 * at /notifications/schemas and read by dispatch.ts `notifyEvent` when an event happens. Each
 * change is one transaction with one audit row (entity `notification_schema`, before/after under
 * the API's names, `role_ids` included); a unique-name race is a 422.
 */

const NOT_FOUND = 'الگوی اعلان یافت نشد';
const DUPLICATE = (name: string) => `الگوی اعلانی با نام «${name}» پیش‌تر ثبت شده است`;
const UNKNOWN_ROLE = 'نقشی که برگزیده‌اید دیگر نیست؛ فهرست نقش‌ها را دوباره بخوانید';

const SCHEMA_COLUMNS = sql.raw(`s.id, s.event, s.name, s.title_template, s.body_template, s.in_app, s.sms,
  s.to_subjects, s.active,
  coalesce(array(SELECT r.role_id FROM notification_schema_roles r JOIN roles ro ON ro.id = r.role_id
    WHERE r.schema_id = s.id ORDER BY ro.title, ro.id), '{}') AS role_ids,
  coalesce((SELECT string_agg(ro.title, '، ' ORDER BY ro.title, ro.id) FROM notification_schema_roles r
    JOIN roles ro ON ro.id = r.role_id WHERE r.schema_id = s.id), '') AS roles`);

/** PostgreSQL answers an int[] as numbers, PGlite too; kept as numbers either way. */
const rowOf = (r: NotificationSchemaRow): NotificationSchemaRow => ({
  ...r,
  role_ids: r.role_ids.map(Number),
});

/** Every schema, by event and name. */
export async function listNotificationSchemas(db: Db): Promise<NotificationSchemaRow[]> {
  const rows = await queryRows<NotificationSchemaRow>(
    db,
    sql`SELECT ${SCHEMA_COLUMNS} FROM notification_schemas s ORDER BY s.event, s.name, s.id`,
  );
  return rows.map(rowOf);
}

/** The schema `id` as the API answers it; 404 when it is gone. */
async function readSchema(db: Db, id: number): Promise<NotificationSchemaRow> {
  const [row] = await queryRows<NotificationSchemaRow>(
    db,
    sql`SELECT ${SCHEMA_COLUMNS} FROM notification_schemas s WHERE s.id = ${id}`,
  );
  if (!row) throw notFound(NOT_FOUND);
  return rowOf(row);
}

/** The schema `id` locked for the change, under the API's names (what audit rows hold); 404. */
async function lockSchema(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(notificationSchemas)
    .where(eq(notificationSchemas.id, id))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  const held = await db
    .select({ roleId: notificationSchemaRoles.roleId })
    .from(notificationSchemaRoles)
    .where(eq(notificationSchemaRoles.schemaId, id))
    .orderBy(notificationSchemaRoles.roleId);
  return auditFields(
    row,
    held.map((r) => r.roleId),
  );
}

/** The body's values under the table's column names. */
const columnsOf = (body: Input) => ({
  event: body.event,
  name: body.name,
  titleTemplate: body.title_template,
  bodyTemplate: body.body_template,
  inApp: body.in_app,
  sms: body.sms,
  toSubjects: body.to_subjects,
  active: body.active,
});

/** The API fields of a schema (what audit rows hold). */
const auditFields = (row: typeof notificationSchemas.$inferSelect, roleIds: readonly number[]) => ({
  event: row.event,
  name: row.name,
  title_template: row.titleTemplate,
  body_template: row.bodyTemplate,
  in_app: row.inApp,
  sms: row.sms,
  to_subjects: row.toSubjects,
  active: row.active,
  role_ids: [...roleIds].sort((a, b) => a - b),
});

/**
 * Sets the roles of schema `id` to `roleIds`, locking them (FOR KEY SHARE) so a role deleted
 * meanwhile cannot slip past the check; 422 on `role_ids` when one does not exist.
 */
async function setRoles(db: Db, id: number, roleIds: readonly number[]) {
  if (roleIds.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.id, [...roleIds]))
      .for('key share');
    if (found.length !== roleIds.length) throw invalid({ role_ids: [UNKNOWN_ROLE] });
  }
  await db.delete(notificationSchemaRoles).where(eq(notificationSchemaRoles.schemaId, id));
  if (roleIds.length)
    await db.insert(notificationSchemaRoles).values(roleIds.map((roleId) => ({ schemaId: id, roleId })));
}

const paths = {
  list: '/api/notification-schemas',
  item: '/api/notification-schemas/:id{[0-9]+}',
} as const;

export const notificationSchemaRoutes = [
  /**
   * GET /api/notification-schemas (`notifications`) — every schema, `NotificationSchemaRow[]`
   * ordered by event and name: its fields, `role_ids` and `roles` (the roles' titles, «، »-joined).
   */
  defineRoute({
    method: 'get',
    path: '/api/notification-schemas',
    permission: notificationSchemaEntity.permissions.list,
    summary: 'Notification schemas, by event and name',
    tags: ['notifications'],
    response: z.array(notificationSchema),
    handler: ({ db }) => listNotificationSchemas(db),
  }),
  /**
   * GET /api/notification-schemas/roles (`notifications`) — the roles a schema may send to,
   * `{ id, title }[]` by title (the form's choices: whoever manages schemas may not read
   * /api/management/roles).
   */
  defineRoute({
    method: 'get',
    path: '/api/notification-schemas/roles',
    permission: notificationSchemaEntity.permissions.list,
    summary: 'The roles a notification schema may send to',
    tags: ['notifications'],
    response: z.array(notificationRole),
    handler: ({ db }) =>
      db.select({ id: roles.id, title: roles.title }).from(roles).orderBy(roles.title, roles.id) as Promise<
        NotificationRole[]
      >,
  }),
  ...entityWriteRoutes(notificationSchemaEntity, {
    paths,
    tags: ['notifications'],
    params: ownerParams,
    body: notificationSchemaInput,
    response: notificationSchema,
    onUnique: (body) => invalid({ name: [DUPLICATE(body.name)] }),
    /**
     * POST /api/notification-schemas (`notifications`) — `notificationSchemaInput` →
     * `NotificationSchemaRow`. 422 per field: event unknown; name missing, longer than 80 or
     * another schema's (case-insensitive); a template empty (title), longer than TEMPLATE_MAX, with
     * a placeholder its event lacks or a tag other than `{{name}}` (the message names it); neither
     * channel (`in_app`); a role that does not exist (`role_ids`).
     */
    create: {
      summary: 'Create a notification schema',
      async handler({ db, body }) {
        await checkNameFree(db, notificationSchemas, body.name, null, DUPLICATE(body.name));
        const [row] = await db.insert(notificationSchemas).values(columnsOf(body)).returning();
        await setRoles(db, row!.id, body.role_ids);
        return {
          id: row!.id,
          after: auditFields(row!, body.role_ids),
          result: await readSchema(db, row!.id),
        };
      },
    },
    /**
     * PUT /api/notification-schemas/:id (`notifications`) — `notificationSchemaInput` →
     * `NotificationSchemaRow`; 404 «الگوی اعلان یافت نشد»; 422 as create. Takes effect for the
     * next event (notifications already queued keep their text).
     */
    update: {
      summary: 'Change a notification schema',
      async handler({ db, params, body }) {
        const before = await lockSchema(db, params.id);
        await checkNameFree(db, notificationSchemas, body.name, params.id, DUPLICATE(body.name));
        const [row] = await db
          .update(notificationSchemas)
          .set({ ...columnsOf(body), updatedAt: new Date() })
          .where(eq(notificationSchemas.id, params.id))
          .returning();
        await setRoles(db, params.id, body.role_ids);
        const after = auditFields(row!, body.role_ids);
        const unchanged = JSON.stringify(before) === JSON.stringify(after);
        return { id: params.id, before, after, unchanged, result: await readSchema(db, params.id) };
      },
    },
    /**
     * DELETE /api/notification-schemas/:id (`notifications`) → `{ deleted: true }`; 404. Its
     * event then sends what its other active schemas say (nothing when none is left).
     */
    remove: {
      summary: 'Delete a notification schema',
      response: deletedAnswer,
      async handler({ db, params }) {
        const before = await lockSchema(db, params.id);
        await db.delete(notificationSchemas).where(eq(notificationSchemas.id, params.id));
        return { id: params.id, before, result: { deleted: true as const } };
      },
    },
  }),
];
