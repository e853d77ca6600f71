import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { ResumeRow } from '~/contract/resume.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Button } from '~/ui/button.tsx';
import { DataTable, type SelectionRows } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { fetchResumes, printUrl, resumeKeys } from './api.ts';
import { fullName } from './labels.tsx';
import { type ResumeRowHandlers, resumeColumns } from './resume-columns.tsx';
import { ResumeViewDialog } from './resume-view.tsx';
import { ReviewDialog, type Reviewing } from './review-form.tsx';
import { resumeFilters } from './search.ts';

const GROUP = 'رزومه‌ها';
const hintCss = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: '12px',
  color: 'muted',
});
const rowId = (r: ResumeRow) => String(r.id);

/** The range boxes are short: a number of years, or a Jalali day. */
const screenCss = css({
  '& input[id$="-f-exp_min"], & input[id$="-f-exp_max"], & input[id$="-f-seats_min"]': {
    width: '96px',
    direction: 'ltr',
    textAlign: 'end',
  },
  '& input[id$="-f-from"], & input[id$="-f-to"]': { width: '112px', direction: 'ltr', textAlign: 'end' },
  '& input[id$="-f-ncode"]': { width: '120px', direction: 'ltr', textAlign: 'end' },
  '& input[id$="-f-field"]': { width: '140px' },
});

/**
 * The rows selected in the list, reported while the status line shows the selection (DataTable
 * owns the selection; this sits among its bulk actions and clears the report when it goes).
 */
function SelectionReport({
  selection,
  report,
  onReview,
}: {
  selection: SelectionRows<ResumeRow>;
  report(selection: SelectionRows<ResumeRow> | null): void;
  onReview(selection: SelectionRows<ResumeRow>): void;
}) {
  useEffect(() => report(selection), [selection, report]);
  useEffect(() => () => report(null), [report]);
  return (
    <Button size="sm" tone="primary" shortcut="KeyE" onClick={() => onReview(selection)}>
      تعیین وضعیت بررسی
    </Button>
  );
}

/**
 * /resume/list: submitted resumes for the board-nomination staff. Enter (or a double click)
 * opens the whole resume; X / Space select; E sets the review status of the selection (or of
 * the focused row); P opens the print view.
 */
export function ResumeListScreen() {
  const search = useSearch({ from: '/resume/list' });
  const navigate = useNavigate({ from: '/resume/list' });
  const [viewing, setViewing] = useState<ResumeRow | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const selected = useRef<SelectionRows<ResumeRow> | null>(null);
  const [selectedCount, setSelectedCount] = useState(0);
  const report = useCallback((selection: SelectionRows<ResumeRow> | null) => {
    selected.current = selection;
    setSelectedCount(selection?.count ?? 0);
  }, []);
  /** Reviews the whole selection: the ids of rows the list does not hold are read first. */
  const reviewSelection = useCallback(async (selection: SelectionRows<ResumeRow>) => {
    const ids = await selection.ids();
    if (ids?.length) setReviewing({ ids: ids.map(Number), rows: selection.rows });
  }, []);

  const handlers = useRef<ResumeRowHandlers>(null!);
  handlers.current = {
    view: (r) => setViewing(r),
    review: (r) => setReviewing({ ids: [r.id], rows: [r] }),
  };
  const columns = useMemo(() => resumeColumns(handlers), []);
  const rowActions = useMemo<RowAction<ResumeRow>[]>(
    () => [
      {
        id: 'resumes.review',
        title: 'تعیین وضعیت بررسی (انتخاب‌شده‌ها یا ردیف جاری)',
        key: 'KeyE',
        // The selection when there is one, else the focused row.
        run: (r) => {
          if (selected.current?.count) void reviewSelection(selected.current);
          else setReviewing({ ids: [r.id], rows: [r] });
        },
      },
      {
        id: 'resumes.print',
        title: 'چاپ رزومه',
        key: 'KeyP',
        run: (r) => window.open(printUrl(r.national_code), '_blank', 'noopener'),
      },
    ],
    [reviewSelection],
  );
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'resumes.review-selection',
        title: 'تعیین وضعیت بررسی رزومه‌های انتخاب‌شده',
        keywords: ['review', 'shortlist', 'بررسی', 'فهرست کوتاه', 'رد'],
        group: GROUP,
        isEnabled: () => (selected.current?.count ?? 0) > 0,
        run: () => {
          if (selected.current?.count) void reviewSelection(selected.current);
        },
      },
    ],
    [reviewSelection],
  );
  useRegisterCommands(commands);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback((r: ResumeRow) => setViewing(r), []);

  return (
    <div className={screenCss}>
      <PageHeader
        description="رزومه‌های ارسال‌شده برای عضویت در هیئت مدیره؛ هر تغییر وضعیت در گزارش ممیزی ثبت می‌شود"
        actions={
          selectedCount > 0 ? null : (
            <span className={hintCss}>
              ردیف‌ها را با <Kbd binding="KeyX" /> برگزینید و با <Kbd binding="KeyE" /> وضعیتشان را تعیین کنید
            </span>
          )
        }
      />
      <DataTable
        id="resumes"
        label="فهرست رزومه‌ها"
        columns={columns}
        filters={resumeFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={resumeKeys.list}
        fetchPage={fetchResumes}
        getRowId={rowId}
        onOpen={open}
        rowActions={rowActions}
        selectionActions={(selection) => (
          <SelectionReport selection={selection} report={report} onReview={reviewSelection} />
        )}
        searchPlaceholder="نام یا کد ملی"
        emptyText="هنوز رزومه‌ای ارسال نشده است"
        emptyHint="متقاضیان رزومه را از نشانی /resume/add می‌فرستند؛ رزومه‌های ارسال‌شده اینجا می‌آیند."
      />
      <ResumeViewDialog
        ncode={viewing?.national_code ?? null}
        id={viewing?.id}
        name={viewing ? fullName(viewing) : undefined}
        onClose={() => setViewing(null)}
      />
      <ReviewDialog reviewing={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
