import type { Db } from '../db/client.ts';
import { smsLog } from '../db/schema/index.ts';

/**
 * One SMS. `purpose` names why (login-otp, forget-otp, guest-otp, notification ...); `secret` is
 * the one-time code the body carries, if any: it reaches the phone but never the SMS log
 * (maskSecret), and a message with a secret is never queued (its body would sit in the job table).
 */
export interface SmsMessage {
  mobile: string;
  body: string;
  purpose: string;
  secret?: string;
}

/** The queued attempt an SMS log row records: its number (1, 2, …) and the pg-boss job's id. */
export interface SmsAttempt {
  attempt: number;
  jobId: string;
  /** The staff-sent message the SMS belongs to (notification_messages.id). */
  messageId?: number;
}

/** Sends one SMS and records it in `sms_log` with its secret masked. */
export interface SmsProvider {
  readonly name: string;
  /**
   * Sends one SMS at once and records it in `sms_log` (status sent) with its secret masked: how
   * one-time codes go, which must not wait on a queue. Throws when the gateway refuses it.
   */
  send(db: Db, msg: SmsMessage): Promise<void>;
}

/**
 * A provider whose gateway call can be made apart from its log row: what the job queue's
 * `sms.send` worker needs (jobs/sms-job.ts), so that it logs each attempt itself, failed or sent.
 */
export interface SmsGateway extends SmsProvider {
  /**
   * Hands one message to the gateway and records nothing; throws when the gateway refuses it or
   * cannot be reached (the worker then logs the failed attempt and pg-boss retries the job).
   */
  deliver(msg: SmsMessage): Promise<void>;
}

/**
 * The body as the SMS log keeps it: every occurrence of the message's secret (a one-time code)
 * replaced by as many `•`. A code in a log screen would let whoever reads logs sign in as the
 * code's owner, so no log row, screen or API ever holds one.
 */
export const maskSecret = (msg: SmsMessage) =>
  msg.secret ? msg.body.split(msg.secret).join('•'.repeat(msg.secret.length)) : msg.body;

/**
 * Writes one `sms_log` row for `msg` sent by `provider` (its body masked): `status` sent or
 * failed, with the queued attempt and the failure's text when there are.
 */
export async function recordSms(
  db: Db,
  provider: string,
  msg: SmsMessage,
  outcome: { status: 'sent' | 'failed'; error?: string } & Partial<SmsAttempt>,
): Promise<void> {
  await db.insert(smsLog).values({
    mobile: msg.mobile,
    body: maskSecret(msg),
    purpose: msg.purpose,
    provider,
    status: outcome.status,
    attempt: outcome.attempt ?? null,
    jobId: outcome.jobId ?? null,
    error: outcome.error ?? null,
    messageId: outcome.messageId ?? null,
  });
}

/** A provider named `name` around its gateway call `deliver`; `send` delivers, then records. */
export function smsProvider(name: string, deliver: (msg: SmsMessage) => Promise<void>): SmsGateway {
  return {
    name,
    deliver,
    async send(db, msg) {
      await deliver(msg);
      await recordSms(db, name, msg, { status: 'sent' });
    },
  };
}

/**
 * The default provider: no network. The SMS log (/logs/sms) records the message with its code
 * masked; the full text, code included, goes only to the server's own output (`log`, the
 * console by default): on a development or demo machine that is where a code is read. A real
 * gateway implements the same interface. `delayMs` (SMS_LOG_DELAY_MS) makes each delivery wait
 * that long, as a gateway's round trip would.
 */
export function logSmsProvider(
  log: (line: string) => void = console.log,
  opts: { delayMs?: number } = {},
): SmsGateway {
  return smsProvider('log', async (msg) => {
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    log(`[sms] to ${msg.mobile} (${msg.purpose}): ${msg.body}`);
  });
}
