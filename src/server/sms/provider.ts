import type { Db } from '../db/client.ts';
import { smsLog } from '../db/schema/index.ts';

/**
 * One SMS. `purpose` names why (login-otp, forget-otp, guest-otp ...); `secret` is the one-time
 * code the body carries, if any: it reaches the phone but never the SMS log (maskSecret).
 */
export interface SmsMessage {
  mobile: string;
  body: string;
  purpose: string;
  secret?: string;
}

/** Sends one SMS and records it in `sms_log` with its secret masked. */
export interface SmsProvider {
  readonly name: string;
  send(db: Db, msg: SmsMessage): Promise<void>;
}

/**
 * The body as the SMS log keeps it: every occurrence of the message's secret (a one-time code)
 * replaced by as many `•`. A code in a log screen would let whoever reads logs sign in as the
 * code's owner, so no log row, screen or API ever holds one.
 */
export const maskSecret = (msg: SmsMessage) =>
  msg.secret ? msg.body.split(msg.secret).join('•'.repeat(msg.secret.length)) : msg.body;

/**
 * The default provider: no network. The SMS log (/logs/sms) records the message with its code
 * masked; the full text, code included, goes only to the server's own output (`log`, the
 * console by default): on a development or demo machine that is where a code is read. A real
 * gateway implements the same interface.
 */
export function logSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'log',
    async send(db, msg) {
      await db.insert(smsLog).values({
        mobile: msg.mobile,
        body: maskSecret(msg),
        purpose: msg.purpose,
        provider: 'log',
        status: 'sent',
      });
      log(`[sms] to ${msg.mobile} (${msg.purpose}): ${msg.body}`);
    },
  };
}
