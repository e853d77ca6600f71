import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import type { JobState } from '~/contract/jobs.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { EMPTY, formatDateTime, formatRelative } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { cancelJob, fetchJobs, type JobRow, jobKeys, retryJob } from './api.ts';
import { jobFilters, KIND_LABELS, STATE_LABELS } from './search.ts';

const TONES: Record<JobState, 'neutral' | 'accent' | 'warning' | 'success' | 'danger'> = {
  created: 'neutral',
  retry: 'warning',
  active: 'accent',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

/** R applies to a failed or cancelled job, C to one waiting or running. */
const retryable = (r: JobRow) => r.state === 'failed' || r.state === 'cancelled';
const cancellable = (r: JobRow) => r.state === 'created' || r.state === 'retry' || r.state === 'active';

const kindLabel = (name: string) => KIND_LABELS[name] ?? name;
const attemptsText = (r: JobRow) =>
  `${toPersianDigits(String(r.attempts))} از ${toPersianDigits(String(r.max_attempts))}`;

/** A moment in Jalali, relative on hover (or empty). */
const when = (iso: string | null) =>
  iso ? <span title={formatRelative(iso)}>{formatDateTime(iso)}</span> : EMPTY;

type Verb = 'retry' | 'cancel';
type Act = { current: (r: JobRow, verb: Verb) => Promise<void> };

/** The verb that applies to the job now, if any: R's or C's. */
const verbFor = (r: JobRow): Verb | null => (retryable(r) ? 'retry' : cancellable(r) ? 'cancel' : null);

/** The button of `verb` on `row`, with its key. */
function VerbButton({ row, verb, act }: { row: JobRow; verb: Verb; act: Act }) {
  return (
    <Button
      size="sm"
      tabIndex={-1}
      shortcut={verb === 'retry' ? 'KeyR' : 'KeyC'}
      onClick={(e) => {
        e.stopPropagation();
        void act.current(row, verb);
      }}
    >
      {verb === 'retry' ? 'اجرای دوباره' : 'لغو'}
    </Button>
  );
}

const col = columnHelper<JobRow>();
const jobColumns = (act: Act) =>
  col.columns([
    col.accessor('created_at', {
      header: 'زمان ثبت',
      size: 150,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => when(c.getValue()),
    }),
    col.accessor('name', { header: 'نوع', size: 100, cell: (c) => kindLabel(c.getValue()) }),
    col.accessor('subject', {
      header: 'گیرنده یا عنوان',
      size: 140,
      enableSorting: false,
      cell: (c) => {
        const v = c.getValue();
        if (!v) return EMPTY;
        return /^\d+$/.test(v) ? <span dir="ltr">{toPersianDigits(v)}</span> : v;
      },
    }),
    col.accessor('state', {
      header: 'وضعیت',
      size: 150,
      cell: (c) => <Badge tone={TONES[c.getValue()]}>{STATE_LABELS[c.getValue()]}</Badge>,
    }),
    col.accessor('attempts', {
      header: 'تلاش‌ها',
      size: 80,
      enableSorting: false,
      meta: { numeric: true, description: 'تلاش‌های انجام‌شده از بیشینه مجاز' },
      cell: (c) => attemptsText(c.row.original),
    }),
    col.accessor('error', {
      header: 'آخرین خطا',
      size: 200,
      enableSorting: false,
      meta: { grow: 1 },
      cell: (c) => (c.getValue() ? <span title={c.getValue()!}>{c.getValue()}</span> : EMPTY),
    }),
    col.accessor('completed_at', {
      header: 'پایان',
      size: 150,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => when(c.getValue()),
    }),
    col.display({
      id: 'actions',
      header: 'کار',
      size: 130,
      cell: ({ row }) => {
        const verb = verbFor(row.original);
        return verb ? <VerbButton row={row.original} verb={verb} act={act} /> : null;
      },
    }),
  ]);

const detailCss = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '& dl': { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '1 12px', m: 0 },
  '& dt': { color: 'muted' },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
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

/** The focused job in full: its id, times and whole last error, and the verb that applies. */
function JobDetail({ row, act }: { row: JobRow; act: Act }) {
  const waiting = row.state === 'created' || row.state === 'retry';
  const verb = verbFor(row);
  return (
    <div className={detailCss}>
      {verb && (
        <div>
          <VerbButton row={row} verb={verb} act={act} />
        </div>
      )}
      <dl>
        <dt>شناسه</dt>
        <dd dir="ltr" style={{ textAlign: 'end' }}>
          {row.id}
        </dd>
        <dt>نوع</dt>
        <dd>{kindLabel(row.name)}</dd>
        <dt>وضعیت</dt>
        <dd>{STATE_LABELS[row.state]}</dd>
        <dt>تلاش‌ها</dt>
        <dd>{attemptsText(row)}</dd>
        <dt>ثبت</dt>
        <dd>{when(row.created_at)}</dd>
        <dt>آخرین اجرا</dt>
        <dd>{when(row.started_at)}</dd>
        {waiting && (
          <>
            <dt>اجرای بعدی</dt>
            <dd>{when(row.start_after)}</dd>
          </>
        )}
        <dt>پایان</dt>
        <dd>{when(row.completed_at)}</dd>
      </dl>
      {row.error && <blockquote aria-label="آخرین خطا">{row.error}</blockquote>}
    </div>
  );
}

const rowId = (r: JobRow) => r.id;

/**
 * /management/jobs: the durable job queue's jobs (SMS and notifications), newest first, with
 * their state, attempts and last error; filtered by state and kind. R runs the focused failed or
 * cancelled job again, C cancels a waiting or running one (also the buttons on its row); the
 * list then reads its rows again.
 */
export function JobsScreen() {
  const queryClient = useQueryClient();
  const search = useSearch({ from: '/management/jobs' });
  const navigate = useNavigate({ from: '/management/jobs' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const act = useRef(async (r: JobRow, verb: Verb) => {
    try {
      if (verb === 'retry') {
        await retryJob(r.id);
        toast.positive(`کار «${kindLabel(r.name)}» دوباره در صف اجرا قرار گرفت`);
      } else {
        await cancelJob(r.id);
        toast.positive(`کار «${kindLabel(r.name)}» لغو شد`);
      }
    } catch (e) {
      // the error catalogue has shown the server's message (a job that changed state meanwhile)
      if (!(e instanceof ApiError)) throw e;
    }
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
  });
  const columns = useMemo(() => jobColumns(act), []);
  const rowActions = useMemo<RowAction<JobRow>[]>(
    () => [
      {
        id: 'jobs.retry',
        title: 'اجرای دوباره کار ناموفق یا لغوشده',
        key: 'KeyR',
        permission: 'management.system',
        isEnabled: retryable,
        run: (r) => void act.current(r, 'retry'),
      },
      {
        id: 'jobs.cancel',
        title: 'لغو کار در صف یا در حال اجرا',
        key: 'KeyC',
        permission: 'management.system',
        isEnabled: cancellable,
        run: (r) => void act.current(r, 'cancel'),
      },
    ],
    [],
  );
  return (
    <>
      <PageHeader description="کارهای پس‌زمینه سامانه (پیامک‌ها و اعلان‌ها)؛ کار ناموفق با فاصله‌ای فزاینده دوباره اجرا می‌شود" />
      <DataTable
        id="jobs"
        label="صف کارها"
        columns={columns}
        filters={jobFilters}
        plainFilters
        search={search}
        onSearchChange={onSearchChange}
        queryKey={jobKeys.all}
        fetchPage={fetchJobs}
        getRowId={rowId}
        rowActions={rowActions}
        renderDetail={(row) => <JobDetail row={row} act={act} />}
        searchPlaceholder="شماره همراه یا عنوان اعلان"
        emptyText="هیچ کاری در صف نیست"
        emptyHint="پیامک اعلان‌ها از این صف فرستاده می‌شود؛ هر کار با وضعیت و تلاش‌هایش اینجا می‌آید."
      />
    </>
  );
}
