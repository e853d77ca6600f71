import { eq, sql } from 'drizzle-orm';
import { blockedIpPage, loginAttemptPage, smsSentPage, unblockAnswer } from '../../../contract/api-logs.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { ipKey, reset } from '../../auth/throttle.ts';
import { blockedIps } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { idParams } from '../management/users.ts';

const loginList: ListSpec = {
  select: sql`l.id, ${isoTimestamp(sql`l.at`)} AS at, l.username, l.user_id, l.ip, l.user_agent, l.method,
    l.success, l.reason`,
  from: sql`login_log l`,
  id: sql`l.id`,
  search: sql`lower(coalesce(l.username, ''))`,
  sorts: {
    at: { expr: sql`l.at`, type: 'timestamp' },
    username: { expr: sql`l.username`, type: 'text', nullable: true },
    ip: { expr: sql`l.ip`, type: 'text', nullable: true },
    success: { expr: sql`l.success`, type: 'bool' },
    method: { expr: sql`l.method`, type: 'text' },
  },
  defaultSort: 'at',
  defaultDescending: true,
  filters: {
    username: { expr: sql`l.username`, type: 'text' },
    success: { expr: sql`l.success`, type: 'bool' },
    method: { expr: sql`l.method`, type: 'text' },
    ip: { expr: sql`l.ip`, type: 'text' },
    reason: { expr: sql`l.reason`, type: 'text' },
    at: { expr: sql`l.at`, type: 'timestamp' },
  },
};

/**
 * GET /api/logs/users — the sign-in log with the shared list query: `q` (part of the username),
 * filters username, success, method, ip, reason, at; `sortBy` at (default, newest first) |
 * username | ip | success | method →
 * `ListPage<{ id, at, username, user_id, ip, user_agent, method, success, reason }>`.
 */
const loginLogList = defineRoute({
  method: 'get',
  path: '/api/logs/users',
  permission: 'logs.view',
  summary: 'Sign-in attempts, paged',
  tags: ['logs'],
  query: listQuerySchema,
  response: loginAttemptPage,
  handler: ({ db, query }) => listPage(db, loginList, query),
});

/** The block is in force: not lifted and not over. */
const live = (now: Date) =>
  sql`(b.unblocked_at IS NULL AND b.blocked_until > ${now.toISOString()}::timestamptz)`;

const blockedList = (now: Date): ListSpec => ({
  select: sql`b.id, b.ip, b.reason, ${isoTimestamp(sql`b.blocked_at`)} AS blocked_at,
    ${isoTimestamp(sql`b.blocked_until`)} AS blocked_until, ${isoTimestamp(sql`b.unblocked_at`)} AS unblocked_at,
    b.unblocked_by, ${live(now)} AS active`,
  from: sql`blocked_ips b`,
  id: sql`b.id`,
  search: sql`b.ip`,
  sorts: {
    blocked_at: { expr: sql`b.blocked_at`, type: 'timestamp' },
    blocked_until: { expr: sql`b.blocked_until`, type: 'timestamp' },
    ip: { expr: sql`b.ip`, type: 'text' },
  },
  defaultSort: 'blocked_at',
  defaultDescending: true,
  filters: {
    ip: { expr: sql`b.ip`, type: 'text' },
    active: { expr: live(now), type: 'bool' },
    blocked_at: { expr: sql`b.blocked_at`, type: 'timestamp' },
  },
});

/**
 * GET /api/logs/blocked-ips — blocked addresses with the shared list query: `q` (part of the
 * address), filters ip, active (true: blocks in force), blocked_at; `sortBy` blocked_at
 * (default, newest first) | blocked_until | ip → `ListPage<{ id, ip, reason, blocked_at,
 * blocked_until, unblocked_at, unblocked_by, active }>`.
 */
const blockedIpList = defineRoute({
  method: 'get',
  path: '/api/logs/blocked-ips',
  permission: 'logs.view',
  summary: 'Blocked addresses, paged',
  tags: ['logs'],
  query: listQuerySchema,
  response: blockedIpPage,
  handler: ({ db, deps, query }) => listPage(db, blockedList(deps.now()), query),
});

/**
 * POST /api/logs/blocked-ips/:id/unblock — lifts a block (and clears the address's failure
 * counter) → `{ id, unblocked_at }`. 404 unknown id; 409 when already lifted. Audited. A write,
 * so it needs its own permission (`logs.unblock`), not the reader's `logs.view`.
 */
const unblock = defineMutation({
  method: 'post',
  path: '/api/logs/blocked-ips/:id{[0-9]+}/unblock',
  permission: 'logs.unblock',
  summary: 'Unblock an address',
  tags: ['logs'],
  params: idParams,
  response: unblockAnswer,
  audit: { entity: 'blocked_ip', action: 'ip.unblock' },
  async handler({ db, deps, params, session }) {
    const now = deps.now();
    const [row] = await db.select().from(blockedIps).where(eq(blockedIps.id, params.id));
    if (!row) throw notFound('این مورد یافت نشد');
    if (row.unblockedAt) throw conflict('این نشانی پیش‌تر آزاد شده است');
    await db
      .update(blockedIps)
      .set({ unblockedAt: now, unblockedBy: session?.user?.id ?? null })
      .where(eq(blockedIps.id, params.id));
    await reset(db, ipKey(row.ip));
    return {
      id: params.id,
      before: { ip: row.ip, blocked_until: row.blockedUntil },
      after: { unblocked_at: now },
      result: { id: params.id, unblocked_at: now.toISOString() },
    };
  },
});

/**
 * One-time codes are never shown: providers record them masked (sms/provider.ts maskSecret), and
 * bodies of code messages are masked here too, whatever the provider, so rows an earlier version
 * recorded in clear stay unreadable.
 */
const maskCodes = (body: string, purpose: string) =>
  purpose.endsWith('-otp') ? body.replace(/\d{4,8}/g, (m) => '•'.repeat(m.length)) : body;

const smsList: ListSpec = {
  select: sql`s.id, ${isoTimestamp(sql`s.at`)} AS at, s.mobile, s.body, s.purpose, s.provider, s.status,
    s.attempt, s.job_id, s.error`,
  from: sql`sms_log s`,
  id: sql`s.id`,
  search: sql`s.mobile`,
  sorts: {
    at: { expr: sql`s.at`, type: 'timestamp' },
    mobile: { expr: sql`s.mobile`, type: 'text' },
    purpose: { expr: sql`s.purpose`, type: 'text' },
  },
  defaultSort: 'at',
  defaultDescending: true,
  filters: {
    mobile: { expr: sql`s.mobile`, type: 'text' },
    purpose: { expr: sql`s.purpose`, type: 'text' },
    status: { expr: sql`s.status`, type: 'text' },
    job_id: { expr: sql`s.job_id`, type: 'text' },
    at: { expr: sql`s.at`, type: 'timestamp' },
  },
};

/**
 * GET /api/logs/sms — every SMS sent, with the shared list query: `q` (part of the mobile),
 * filters mobile, purpose, status (sent | failed), job_id, at; `sortBy` at (default, newest
 * first) | mobile | purpose → `ListPage<{ id, at, mobile, body, purpose, provider, status,
 * attempt, job_id, error }>`: a message sent through the job queue has one row per attempt (its
 * number, the pg-boss job's id, and the provider's error when it failed); one sent at once (a
 * one-time code) has none of the three. One-time codes are masked in `body`, for every provider.
 */
const smsLogList = defineRoute({
  method: 'get',
  path: '/api/logs/sms',
  permission: 'logs.view',
  summary: 'SMS messages sent, paged',
  tags: ['logs'],
  query: listQuerySchema,
  response: smsSentPage,
  async handler({ db, query }) {
    const page = await listPage<{ body: string; purpose: string }>(db, smsList, query);
    return {
      ...page,
      data: page.data.map((r) => ({ ...r, body: maskCodes(r.body, r.purpose) })),
    };
  },
});

export const logRoutes = [loginLogList, blockedIpList, unblock, smsLogList];
