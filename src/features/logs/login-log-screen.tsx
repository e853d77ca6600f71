import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatDateTime, formatRelative } from '~/ui/format.ts';
import { fetchLoginLog, type LoginLogRow, logKeys } from './api.ts';
import { LogList } from './log-list.tsx';
import { loginLogFilters } from './search.ts';

const METHODS: Record<string, string> = { password: 'گذرواژه', otp: 'کد یک‌بار مصرف' };

/** The server's reason codes in Persian; unknown codes are shown as they are. */
const REASONS: Record<string, string> = {
  ok: '—',
  wrong_password: 'گذرواژه نادرست',
  unknown_user: 'کاربر ناشناس',
  throttled: 'تلاش‌های پیاپی (محدود شد)',
  blocked: 'نشانی مسدود',
  waiting: 'حساب در انتظار تأیید',
  deactivated: 'حساب غیرفعال',
  otp_no_user: 'کد درست، بی‌حساب',
  otp_wrong: 'کد نادرست',
  otp_expired: 'کد منقضی',
  otp_missing: 'کد معتبری نبود',
  otp_exhausted: 'تلاش بیش از حد با کد',
};

const col = columnHelper<LoginLogRow>();
const columns = col.columns([
  col.accessor('at', {
    header: 'زمان',
    size: 150,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => <span title={formatRelative(c.getValue())}>{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('username', {
    header: 'نام کاربری',
    size: 150,
    cell: (c) => (c.getValue() ? <span dir="ltr">{c.getValue()}</span> : EMPTY),
  }),
  col.accessor('success', {
    header: 'نتیجه',
    size: 90,
    cell: (c) => (c.getValue() ? <Badge tone="success">موفق</Badge> : <Badge tone="danger">ناموفق</Badge>),
  }),
  col.accessor('reason', {
    header: 'علت',
    size: 200,
    enableSorting: false,
    cell: (c) => (c.getValue() ? (REASONS[c.getValue()!] ?? c.getValue()) : EMPTY),
  }),
  col.accessor('method', { header: 'روش', size: 120, cell: (c) => METHODS[c.getValue()] ?? c.getValue() }),
  col.accessor('ip', {
    header: 'نشانی IP',
    size: 130,
    cell: (c) => (c.getValue() ? <span dir="ltr">{toPersianDigits(c.getValue()!)}</span> : EMPTY),
  }),
  col.accessor('user_agent', {
    header: 'مرورگر',
    size: 220,
    enableSorting: false,
    meta: { grow: 1 },
    cell: (c) =>
      c.getValue() ? (
        <span dir="ltr" title={c.getValue()!}>
          {c.getValue()}
        </span>
      ) : (
        EMPTY
      ),
  }),
]);

const rowId = (r: LoginLogRow) => String(r.id);

/** /logs/users: every sign-in attempt, newest first. */
export function LoginLogScreen() {
  return (
    <LogList
      from="/logs/users"
      description="هر تلاش برای ورود، موفق یا ناموفق، با نشانی و مرورگر"
      id="login-log"
      label="گزارش ورود کاربران"
      columns={columns}
      filters={loginLogFilters}
      queryKey={logKeys.users}
      fetchPage={fetchLoginLog}
      getRowId={rowId}
      searchPlaceholder="بخشی از نام کاربری"
      emptyText="هنوز کسی وارد نشده است"
    />
  );
}
