import { eq } from 'drizzle-orm';
import { notificationSms } from '../../domain/notifications/template.ts';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import type { JobHandler, JobQueue, NotifyJob } from './queue.ts';

/**
 * Notifies `userIds` (repeats counted once): one `notify` job each, which writes the user's
 * in-app notification (`inApp`, default yes) and, when `sms` (default yes) and the user has a
 * mobile and is active, queues its SMS. Events go through their notification schemas instead
 * (modules/notifications/dispatch.ts `notifyEvent`), which call this.
 * `kind` names the event (`issue.assigned` …), `title` and `body` are Persian text, `link` an
 * app path or null. The jobs are written through `db`: pass the transaction of the change the
 * notification is about, so that a rolled-back change notifies nobody (pg-boss's `db` option;
 * on PGlite a transaction can reach the database no other way). → the number of jobs queued.
 */
export async function notifyUsers(
  db: Db,
  queue: JobQueue,
  n: {
    userIds: readonly number[];
    kind: string;
    title: string;
    body: string;
    link: string | null;
    inApp?: boolean;
    sms?: boolean;
  },
): Promise<number> {
  const ids = [...new Set(n.userIds)];
  const channels = { inApp: n.inApp ?? true, sms: n.sms ?? true };
  await queue.enqueueMany(
    ids.map((userId) => ({
      name: 'notify' as const,
      data: {
        userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        ...channels,
      } satisfies NotifyJob,
    })),
    { db },
  );
  return ids.length;
}

/**
 * The `notify` worker: in one transaction, writes the in-app notification (unless the job says
 * `inApp: false`), queues its SMS (`sms.send`, purpose `notification`) when the job allows SMS
 * and the user has a mobile and is active, and completes
 * the job; so a job run again after a crash never writes a second notification. A user deleted
 * meanwhile gets nothing.
 */
export function notifyJob(db: Db, queue: JobQueue): JobHandler<'notify'> {
  return async (job) => {
    const { userId, kind, title, body, link, inApp = true, sms = true } = job.data;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [user] = await tx
        .select({ mobile: users.mobile, status: users.status })
        .from(users)
        .where(eq(users.id, userId));
      if (user) {
        if (inApp) await tx.insert(notifications).values({ userId, kind, title, body, link });
        if (sms && user.mobile && user.status === 'active')
          await queue.enqueue(
            'sms.send',
            { mobile: user.mobile, body: notificationSms(title, body), purpose: 'notification' },
            { db: tx },
          );
      }
      await job.complete(tx);
    });
  };
}
