import { type SQL, sql } from 'drizzle-orm';
import { listQuerySchema } from '../../../contract/list.ts';
import { MESSAGE_RECIPIENT_CAP, type MessageAudience } from '../../../contract/notification-messages.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { listConditions, queryRows } from '../../http/list.ts';
import { truePersonsList } from '../persons/lists.ts';

/**
 * The recipients of a staff-sent message's audience (contract/notification-messages.ts), as one
 * SQL source of rows `{ id, first_name, last_name, mobile }` (mobile null when there is none):
 * - roles: active users holding one of the roles; users: the chosen users still active (both with
 *   the user's own mobile);
 * - persons: live true persons matching the true persons list's own conditions (its ListSpec
 *   through `listConditions`, so the message reaches exactly who the list shows), narrowed to
 *   `ids` when given; the mobile is the person's own field, else their primary mobile contact.
 */

export interface Recipient {
  id: number;
  first_name: string;
  last_name: string;
  mobile: string | null;
}

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** The persons list's conditions for `query`; a bad filter is a 422 on `audience`. */
function personConditions(query: Record<string, unknown>): SQL[] {
  const parsed = listQuerySchema.safeParse({ ...query, page: 1, per_page: 1 });
  if (!parsed.success) throw invalid({ audience: ['فیلتر فهرست اشخاص حقیقی معتبر نیست'] });
  try {
    return listConditions(truePersonsList, parsed.data);
  } catch (e) {
    if (e instanceof HttpError && e.status === 422)
      throw invalid({ audience: [e.message, ...Object.values(e.fields ?? {}).flat()] }, e.message);
    throw e;
  }
}

/** The audience's recipients as a subquery (see the module's comment). */
export function recipientSource(audience: MessageAudience): SQL {
  if (audience.kind !== 'persons') {
    const who =
      audience.kind === 'roles'
        ? sql`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ANY(${ints(audience.role_ids)}))`
        : sql`u.id = ANY(${ints(audience.user_ids)})`;
    return sql`SELECT u.id, u.first_name, u.last_name, NULLIF(btrim(u.mobile), '') AS mobile
      FROM users u WHERE u.status = 'active' AND ${who}`;
  }
  const conds = personConditions(audience.query);
  if (audience.ids) conds.push(sql`tp.id = ANY(${ints(audience.ids)})`);
  const where = sql.join(
    conds.map((c) => sql`(${c})`),
    sql` AND `,
  );
  return sql`SELECT tp.id, tp.first_name, tp.last_name,
      COALESCE(NULLIF(btrim(tp.mobile), ''), (SELECT ct.value FROM contacts ct
        WHERE ct.owner_type = 'true' AND ct.owner_id = tp.id AND ct.kind = 'mobile'
        ORDER BY ct.is_primary DESC, ct.id LIMIT 1)) AS mobile
    FROM ${truePersonsList.from} WHERE ${where}`;
}

/** How many the audience reaches, and how many of them have a mobile. */
export async function countRecipients(db: Db, audience: MessageAudience) {
  const [row] = await queryRows<{ recipients: number; with_mobile: number }>(
    db,
    sql`SELECT count(*)::int AS recipients, count(r.mobile)::int AS with_mobile FROM (${recipientSource(audience)}) r`,
  );
  return { recipients: Number(row?.recipients ?? 0), with_mobile: Number(row?.with_mobile ?? 0) };
}

/** The first `limit` recipients by name (last, first, id). */
export const firstRecipients = (db: Db, audience: MessageAudience, limit: number) =>
  queryRows<Recipient>(
    db,
    sql`SELECT r.id, r.first_name, r.last_name, r.mobile FROM (${recipientSource(audience)}) r
      ORDER BY r.last_name, r.first_name, r.id LIMIT ${limit}`,
  );

/**
 * Every recipient, for sending: 422 on `audience` when there are more than MESSAGE_RECIPIENT_CAP
 * or none has a mobile (nothing would be sent).
 */
export async function allRecipients(db: Db, audience: MessageAudience): Promise<Recipient[]> {
  const rows = await firstRecipients(db, audience, MESSAGE_RECIPIENT_CAP + 1);
  if (rows.length > MESSAGE_RECIPIENT_CAP) {
    const { recipients } = await countRecipients(db, audience);
    throw invalid(
      {
        audience: [
          `این پیام ${recipients.toLocaleString('fa-IR')} گیرنده دارد؛ حداکثر ${MESSAGE_RECIPIENT_CAP.toLocaleString('fa-IR')} گیرنده در یک پیام`,
        ],
      },
      'گیرندگان پیام بیش از حد مجاز است',
    );
  }
  if (!rows.some((r) => r.mobile))
    throw invalid(
      { audience: ['هیچ‌یک از گیرندگان شماره همراه ندارد؛ پیامکی فرستاده نمی‌شود'] },
      'هیچ‌یک از گیرندگان شماره همراه ندارد',
    );
  return rows;
}

/** A recipient's placeholder values (domain/notifications/events.ts MESSAGE_PLACEHOLDERS). */
export const recipientValues = (r: Recipient) => ({
  name: `${r.first_name} ${r.last_name}`.trim(),
  first_name: r.first_name,
  last_name: r.last_name,
});
