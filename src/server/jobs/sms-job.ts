import type { Db } from '../db/client.ts';
import { recordSms, type SmsGateway } from '../sms/provider.ts';
import { type JobHandler, JobSuperseded } from './queue.ts';

/** The longest provider error kept in the SMS log and the job's output. */
const ERROR_MAX = 500;

/**
 * The `sms.send` worker: hands the message to `provider` and logs the attempt in `sms_log`
 * (attempt number, job id). A provider failure is logged as a failed attempt with the
 * provider's error, then thrown, so pg-boss retries the job with backoff. A delivery is logged as
 * sent in the transaction that completes the job: a server killed before that commit runs the job
 * again (the gateway may then get the message twice, as any gateway call cut off before its answer
 * was recorded; the log shows one sent row per completed job). A job cancelled while its message
 * was on its way stays cancelled, and the delivery is still logged.
 */
export function smsJob(db: Db, provider: SmsGateway): JobHandler<'sms.send'> {
  return async (job) => {
    const msg = { mobile: job.data.mobile, body: job.data.body, purpose: job.data.purpose };
    const attempt = { attempt: job.attempt, jobId: job.id, messageId: job.data.messageId };
    try {
      await provider.deliver(msg);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
      await recordSms(db, provider.name, msg, { status: 'failed', error, ...attempt });
      throw new Error(error);
    }
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await recordSms(tx, provider.name, msg, { status: 'sent', ...attempt });
        await job.complete(tx);
      });
    } catch (err) {
      if (!(err instanceof JobSuperseded)) throw err;
      await recordSms(db, provider.name, msg, { status: 'sent', ...attempt });
      throw err;
    }
  };
}
