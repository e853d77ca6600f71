import type { Db } from '../db/client.ts';
import { smsLog } from '../db/schema/index.ts';

/** Sends one SMS. `purpose` names why (login-otp, forget-password, guest-code ...). */
export interface SmsProvider {
  readonly name: string;
  send(db: Db, msg: { mobile: string; body: string; purpose: string }): Promise<void>;
}

/**
 * The default provider: no network; the message goes to the SMS log (the admin reads it at
 * /logs/sms) and to the server log. A real gateway implements the same interface.
 */
export function logSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'log',
    async send(db, msg) {
      await db.insert(smsLog).values({ ...msg, provider: 'log', status: 'sent' });
      log(`[sms] to ${msg.mobile} (${msg.purpose}): ${msg.body}`);
    },
  };
}
