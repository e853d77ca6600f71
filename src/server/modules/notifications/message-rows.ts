import { sql } from 'drizzle-orm';
import { type MessageRow, personsAudienceText } from '../../../contract/notification-messages.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp, type ListSpec, queryRows } from '../../http/list.ts';
import { BOSS_SCHEMA } from '../../jobs/queue.ts';

/**
 * The rows of GET /api/notification-messages: the message, who wrote and sent it, and its SMS
 * counts. `sent`: its jobs with a `sent` row in the SMS log; `pending`: its `sms.send` jobs still
 * waiting, waiting to retry or running (pg-boss's own table); `failed`: its jobs whose attempts
 * all failed and that are no longer waiting (failed for good, or cancelled). For a sent message
 * the three add up to the SMS queued for it.
 */

const job = sql.raw(`${BOSS_SCHEMA}.job`);
const WAITING = sql.raw(`('created', 'retry', 'active')`);

export const messageList: ListSpec = {
  select: sql`m.id, m.title, m.audience, m.template, m.in_app, m.status, m.recipient_count,
    (SELECT count(DISTINCT s.job_id)::int FROM sms_log s WHERE s.message_id = m.id AND s.status = 'sent') AS sent,
    (SELECT count(DISTINCT s.job_id)::int FROM sms_log s
      WHERE s.message_id = m.id AND s.status = 'failed'
        AND NOT EXISTS (SELECT 1 FROM sms_log s2 WHERE s2.job_id = s.job_id AND s2.status = 'sent')
        AND NOT EXISTS (SELECT 1 FROM ${job} j WHERE j.name = 'sms.send' AND j.id::text = s.job_id
          AND j.state IN ${WAITING})) AS failed,
    CASE WHEN m.status = 'sent' THEN (SELECT count(*)::int FROM ${job} j
      WHERE j.name = 'sms.send' AND j.state IN ${WAITING} AND j.data->>'messageId' = m.id::text)
      ELSE 0 END AS pending,
    NULLIF(concat_ws(' ', cu.first_name, cu.last_name), '') AS created_by,
    ${isoTimestamp(sql`m.created_at`)} AS created_at, ${isoTimestamp(sql`m.updated_at`)} AS updated_at,
    NULLIF(concat_ws(' ', su.first_name, su.last_name), '') AS sent_by,
    ${isoTimestamp(sql`m.sent_at`)} AS sent_at`,
  from: sql`notification_messages m LEFT JOIN users cu ON cu.id = m.created_by LEFT JOIN users su ON su.id = m.sent_by`,
  countFrom: sql`notification_messages m`,
  id: sql`m.id`,
  search: sql`lower(replace(replace(m.title, ' ', ''), chr(8204), ''))`,
  sorts: {
    created_at: { expr: sql`m.created_at`, type: 'timestamp' },
    sent_at: { expr: sql`m.sent_at`, type: 'timestamp', nullable: true },
    title: { expr: sql`m.title`, type: 'text' },
  },
  defaultSort: 'created_at',
  defaultDescending: true,
  filters: { status: { expr: sql`m.status`, type: 'text', ops: ['eq', 'in'] } },
};

type StoredRow = Omit<MessageRow, 'audience_text'>;

/** The message `id` as a list row (without `audience_text`), or undefined. */
export async function messageRow(db: Db, id: number): Promise<StoredRow | undefined> {
  const [row] = await queryRows<StoredRow>(
    db,
    sql`SELECT ${messageList.select} FROM ${messageList.from} WHERE m.id = ${id}`,
  );
  return row;
}

const fa = (n: number) => toPersianDigits(n.toLocaleString('en').replace(/,/g, '٬'));

/**
 * Adds `audience_text` to each row: the roles' titles, up to three users' names (and how many
 * more), or the persons list's filter in words. Reads the roles and users named in one query each.
 */
export async function withAudienceText(db: Db, rows: readonly StoredRow[]): Promise<MessageRow[]> {
  const roleIds = new Set<number>();
  const userIds = new Set<number>();
  for (const r of rows) {
    if (r.audience.kind === 'roles') for (const id of r.audience.role_ids) roleIds.add(id);
    if (r.audience.kind === 'users') for (const id of r.audience.user_ids.slice(0, 3)) userIds.add(id);
  }
  const roles = new Map(
    roleIds.size
      ? (
          await queryRows<{ id: number; title: string }>(
            db,
            sql`SELECT id, title FROM roles WHERE id = ANY(${sql.param([...roleIds])}::int[])`,
          )
        ).map((r) => [Number(r.id), r.title])
      : [],
  );
  const users = new Map(
    userIds.size
      ? (
          await queryRows<{ id: number; name: string }>(
            db,
            sql`SELECT id, concat_ws(' ', first_name, last_name) AS name FROM users
              WHERE id = ANY(${sql.param([...userIds])}::int[])`,
          )
        ).map((u) => [Number(u.id), u.name])
      : [],
  );
  return rows.map((r) => {
    const a = r.audience;
    let text: string;
    if (a.kind === 'roles') text = `نقش‌ها: ${a.role_ids.map((id) => roles.get(id) ?? '؟').join('، ')}`;
    else if (a.kind === 'users') {
      const names = a.user_ids.slice(0, 3).map((id) => users.get(id) ?? '؟');
      const more = a.user_ids.length - names.length;
      text = `کاربران: ${names.join('، ')}${more > 0 ? ` و ${fa(more)} نفر دیگر` : ''}`;
    } else text = personsAudienceText(a);
    return { ...r, audience_text: text };
  });
}
