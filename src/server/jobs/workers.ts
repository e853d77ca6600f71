import type { Database } from '../db/client.ts';
import { issueSweepJob } from '../modules/issues/sweep.ts';
import type { SmsGateway } from '../sms/provider.ts';
import { notifyJob } from './notify.ts';
import type { JobQueue } from './queue.ts';
import { smsJob } from './sms-job.ts';

/**
 * Starts one worker per job kind on the started `queue`: `sms.send` through `sms`, `notify`
 * writing notifications in `database`, `issues.sweep` (modules/issues/sweep.ts). main.ts calls it
 * at start; a test calls it when it wants its jobs run (with a provider of its own).
 */
export async function startWorkers(queue: JobQueue, deps: { database: Database; sms: SmsGateway }) {
  await queue.work('sms.send', smsJob(deps.database.db, deps.sms));
  await queue.work('notify', notifyJob(deps.database.db, queue));
  await queue.work('issues.sweep', issueSweepJob(deps.database.db, queue));
}
