import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The logs' filters and their URL schemas. */

export const loginLogFilters: readonly FilterDef[] = [
  { key: 'success', kind: 'boolean', label: 'نتیجه', trueLabel: 'موفق', falseLabel: 'ناموفق' },
];
export const loginLogSearch = listSearchSchema(loginLogFilters);

export const blockedIpFilters: readonly FilterDef[] = [
  { key: 'active', kind: 'boolean', label: 'وضعیت', trueLabel: 'فقط مسدودهای جاری', falseLabel: 'همه' },
];
export const blockedIpSearch = listSearchSchema(blockedIpFilters);

/** Why an SMS was sent, as the server names it. */
export const SMS_PURPOSES: Record<string, string> = {
  'login-otp': 'کد ورود',
  'forget-otp': 'بازیابی گذرواژه',
  'guest-otp': 'کد متقاضی رزومه',
  notification: 'اعلان',
};

/** What became of one SMS (or one attempt of a queued one). */
export const SMS_STATUSES: Record<string, string> = { sent: 'ارسال شد', failed: 'ناموفق' };

export const smsFilters: readonly FilterDef[] = [
  {
    key: 'purpose',
    kind: 'enum',
    label: 'هدف',
    options: Object.entries(SMS_PURPOSES).map(([value, label]) => ({ value, label })),
  },
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: Object.entries(SMS_STATUSES).map(([value, label]) => ({ value, label })),
  },
];
export const smsSearch = listSearchSchema(smsFilters);
