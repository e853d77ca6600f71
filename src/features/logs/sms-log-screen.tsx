import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { formatDateTime, formatRelative } from '~/ui/format.ts';
import { fetchSmsLog, logKeys, type SmsLogRow } from './api.ts';
import { LogList } from './log-list.tsx';
import { SMS_PURPOSES, SMS_STATUSES, smsFilters } from './search.ts';

const purposeLabel = (p: string) => SMS_PURPOSES[p] ?? p;
/** A queued message's attempt number; a dash for one sent at once (a one-time code). */
const attemptLabel = (n: number | null) => (n === null ? '—' : toPersianDigits(String(n)));

const col = columnHelper<SmsLogRow>();
const columns = col.columns([
  col.accessor('at', {
    header: 'زمان',
    size: 150,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => <span title={formatRelative(c.getValue())}>{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('mobile', {
    header: 'گیرنده',
    size: 120,
    cell: (c) => <span dir="ltr">{toPersianDigits(c.getValue())}</span>,
  }),
  col.accessor('purpose', { header: 'هدف', size: 130, cell: (c) => purposeLabel(c.getValue()) }),
  col.accessor('body', {
    header: 'متن',
    size: 260,
    enableSorting: false,
    meta: { grow: 1 },
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  col.accessor('status', {
    header: 'وضعیت',
    size: 90,
    enableSorting: false,
    cell: (c) => SMS_STATUSES[c.getValue()] ?? c.getValue(),
  }),
  col.accessor('attempt', {
    header: 'تلاش',
    size: 60,
    enableSorting: false,
    meta: { numeric: true, description: 'شماره تلاش پیامکی که از صف فرستاده شده است' },
    cell: (c) => attemptLabel(c.getValue()),
  }),
  col.accessor('error', {
    header: 'خطا',
    size: 180,
    enableSorting: false,
    cell: (c) => (c.getValue() ? <span title={c.getValue()!}>{c.getValue()}</span> : '—'),
  }),
]);

const detailCss = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '& dl': { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '1 12px', m: 0 },
  '& dt': { color: 'muted' },
  '& dd': { m: 0 },
  '& blockquote': {
    m: 0,
    p: '3',
    bg: 'canvas',
    borderRadius: '4px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    lineHeight: '1.9',
  },
});

/** The focused message in full. */
function SmsDetail({ row }: { row: SmsLogRow }) {
  return (
    <div className={detailCss}>
      <dl>
        <dt>گیرنده</dt>
        <dd dir="ltr" style={{ textAlign: 'end' }}>
          {toPersianDigits(row.mobile)}
        </dd>
        <dt>زمان</dt>
        <dd>{formatDateTime(row.at)}</dd>
        <dt>هدف</dt>
        <dd>{purposeLabel(row.purpose)}</dd>
        <dt>ارسال‌کننده</dt>
        <dd dir="ltr" style={{ textAlign: 'end' }}>
          {row.provider}
        </dd>
        <dt>وضعیت</dt>
        <dd>{SMS_STATUSES[row.status] ?? row.status}</dd>
        {row.attempt !== null && (
          <>
            <dt>تلاش</dt>
            <dd>{attemptLabel(row.attempt)}</dd>
            <dt>کار صف</dt>
            <dd dir="ltr" style={{ textAlign: 'end', overflowWrap: 'anywhere' }}>
              {row.job_id}
            </dd>
          </>
        )}
        {row.error && (
          <>
            <dt>خطای ارسال</dt>
            <dd>{row.error}</dd>
          </>
        )}
      </dl>
      <blockquote aria-label="متن کامل پیامک">{row.body}</blockquote>
    </div>
  );
}

const rowId = (r: SmsLogRow) => String(r.id);

/** /logs/sms: every SMS the product sent; the focused one is shown in full beside the list. */
export function SmsLogScreen() {
  return (
    <LogList
      from="/logs/sms"
      description="هر پیامکی که سامانه فرستاده است، و هر تلاش پیامک‌های صف با خطایش؛ کدهای یک‌بار مصرف پوشانده شده‌اند"
      id="sms-log"
      label="گزارش پیامک‌ها"
      columns={columns}
      filters={smsFilters}
      queryKey={logKeys.sms}
      fetchPage={fetchSmsLog}
      getRowId={rowId}
      renderDetail={(row) => <SmsDetail row={row} />}
      searchPlaceholder="بخشی از شماره همراه"
      emptyText="هنوز پیامکی فرستاده نشده است"
      emptyHint="کد ورود یک‌بار مصرف، بازیابی گذرواژه و کد متقاضیان رزومه با پیامک فرستاده می‌شود و اینجا می‌آید."
    />
  );
}
