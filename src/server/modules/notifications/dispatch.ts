import { sql } from 'drizzle-orm';
import type { NotificationEvent } from '../../../domain/notifications/events.ts';
import { renderTemplate } from '../../../domain/notifications/template.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { notifyUsers } from '../../jobs/notify.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/** What happened, for the notification schemas of `event` to turn into notifications. */
export interface EventNotice {
  event: NotificationEvent;
  /** The users the event concerns (the assignee, the followers …): the schemas' own recipients. */
  subjects: readonly number[];
  /** Each placeholder's value (domain/notifications/events.ts), Persian text with Persian digits. */
  values: Readonly<Record<string, string>>;
  /** The app path the notification opens, or null. */
  link: string | null;
  /** Users never told, whatever the schemas say (the one who wrote the letter …). */
  except?: readonly number[];
}

interface SchemaRow {
  id: number;
  title_template: string;
  body_template: string;
  in_app: boolean;
  sms: boolean;
  to_subjects: boolean;
  role_users: number[];
}

/**
 * Sends `notice` through every active notification schema of its event (table
 * `notification_schemas`, managed at /notifications/schemas): each schema renders its title and
 * body templates over `notice.values` and notifies, on its channels (in-app, SMS), the event's
 * subjects (when `to_subjects`) and every active user holding one of its roles, less
 * `notice.except`; a user reached by two schemas gets both. The jobs are queued in `tx`, the
 * transaction of the change the event is about, so a rolled-back change notifies nobody.
 * → the number of notifications queued (0 when the event has no active schema).
 */
export async function notifyEvent(tx: Db, queue: JobQueue, notice: EventNotice): Promise<number> {
  const schemas = await queryRows<SchemaRow>(
    tx,
    sql`SELECT s.id, s.title_template, s.body_template, s.in_app, s.sms, s.to_subjects,
          coalesce(array(SELECT DISTINCT ur.user_id FROM notification_schema_roles r
            JOIN user_roles ur ON ur.role_id = r.role_id JOIN users u ON u.id = ur.user_id
            WHERE r.schema_id = s.id AND u.status = 'active' ORDER BY ur.user_id), '{}') AS role_users
        FROM notification_schemas s WHERE s.event = ${notice.event} AND s.active ORDER BY s.id`,
  );
  const except = new Set(notice.except ?? []);
  let queued = 0;
  for (const s of schemas) {
    const userIds = [
      ...new Set([...(s.to_subjects ? notice.subjects : []), ...s.role_users.map(Number)]),
    ].filter((id) => !except.has(id));
    if (userIds.length === 0) continue;
    queued += await notifyUsers(tx, queue, {
      userIds,
      kind: notice.event,
      title: renderTemplate(s.title_template, notice.values),
      body: renderTemplate(s.body_template, notice.values),
      link: notice.link,
      inApp: s.in_app,
      sms: s.sms,
    });
  }
  return queued;
}
