import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { UNDO_WINDOW_MS } from '~/contract/bulk.ts';
import type { ListPage } from '~/contract/list.ts';
import { entryMatrixEntity, type MatrixCell, type MatrixRow } from '~/contract/statement-matrix.ts';
import { ENTRY_STATE_LABELS_FA } from '~/domain/finance/statement-entry.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper, type DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import { toFilterQuery, toRequestQuery } from '~/ui/data-table/search-params.ts';
import type {
  BulkAction,
  BulkSelection,
  CellSelection,
  ListParams,
  ListSearch,
  UndoOffer,
} from '~/ui/data-table/types.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { SelectField, TextField } from '~/ui/form/fields.tsx';
import { formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { EntryStateBadge } from './badges.tsx';
import { type MatrixSearch, matrixFilters, matrixRange } from './search.ts';

type Row = MatrixRow & Record<string, unknown>;

/** The column id of a fiscal year's cells. */
const yearColumn = (year: number) => `y${year}`;

const cellCss = css({ display: 'inline-flex', gap: '1', alignItems: 'center' });

function Cell({ cell }: { cell: MatrixCell | undefined }): ReactNode {
  if (!cell) return <span title="صورت مالی ثبت نشده است">—</span>;
  const notes = [
    !cell.checks_passed && cell.state !== 'not_started' ? 'ناسازگار' : '',
    cell.late ? 'با تأخیر' : '',
    cell.article_141 ? 'مشمول ماده ۱۴۱' : '',
  ].filter(Boolean);
  return (
    <span className={cellCss} title={[ENTRY_STATE_LABELS_FA[cell.state], ...notes].join('، ')}>
      <EntryStateBadge state={cell.state} />
      {!cell.checks_passed && cell.state !== 'not_started' && <Badge tone="danger">!</Badge>}
      {cell.late && <Badge tone="warning">دیر</Badge>}
    </span>
  );
}

const BULK = {
  review: {
    path: '/api/performance/financial-statements/bulk/review',
    title: 'بررسی‌شده',
    verb: 'بررسی شد',
    done: 'بررسی‌شده ثبت شد',
    undone: 'به وضعیت ارسال‌شده بازگشت',
  },
  return: {
    path: '/api/performance/financial-statements/bulk/return',
    title: 'برگشت برای اصلاح',
    verb: 'برگشت',
    done: 'برای اصلاح برگشت داده شد',
    undone: 'به وضعیت پیشین بازگشت',
  },
} as const;
type Verb = keyof typeof BULK;

interface Pending {
  verb: Verb;
  /** Companies (rows, or all matching) for a year the dialog asks, or statements chosen cell by cell. */
  selection: BulkSelection | CellSelection;
  resolve(offer: UndoOffer | null): void;
}

/**
 * /performance/financial-statements-entry-state/list: companies × fiscal years of the entry states
 * of their annual statements (the five years to `to`, the latest ended year by default), in the
 * list workstation: filters by industry, supervising body, ownership type and state; arrows move
 * between cells, Enter on a year opens that statement (on the company's name, the company); X
 * selects companies, then A marks their statements of a year reviewed and B returns them for
 * correction with a note, in one call each, undoable for 10 s (Ctrl+Z) like the lists.
 */
export function EntryMatrixScreen() {
  const search = useSearch({ from: '/performance/financial-statements-entry-state/list' }) as MatrixSearch;
  const navigate = useNavigate({ from: '/performance/financial-statements-entry-state/list' });
  const { from, to } = matrixRange(search.to);
  const years = useMemo(() => Array.from({ length: to - from + 1 }, (_, i) => from + i), [from, to]);
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, to: search.to }, replace: opts?.replace }),
    [navigate, search.to],
  );
  const columns = useMemo<DataColumn<Row>[]>(() => {
    const col = columnHelper<Row>();
    return [
      ...entityColumns<(typeof entryMatrixEntity)['fields'], Row>(entryMatrixEntity),
      ...years.map(
        (y) =>
          col.accessor((r) => r.cells[String(y)]?.state ?? null, {
            id: yearColumn(y),
            header: toPersianDigits(y),
            size: 128,
            enableSorting: false,
            cell: (c) => <Cell cell={c.row.original.cells[String(y)]} />,
          }) as DataColumn<Row>,
      ),
    ];
  }, [years]);
  const fetchPage = useCallback(
    (params: ListParams, signal: AbortSignal) =>
      api<ListPage<Row>>(entryMatrixEntity.paths.list, {
        query: { ...toRequestQuery(params), from_year: from, to_year: to },
        signal,
        quiet: true,
      }),
    [from, to],
  );
  const canStart = sessionHolds(readSession(), 'financial.statements.edit');
  const [starting, setStarting] = useState<{ row: Row; year: number } | null>(null);
  const open = useCallback(
    (row: Row, columnId?: string) => {
      const year = columnId?.startsWith('y') ? columnId.slice(1) : null;
      const cell = year ? row.cells[year] : undefined;
      if (cell)
        navigate({ to: '/performance/financial-statement/view/$id', params: { id: String(cell.id) } });
      // An empty cell: a preparer starts that year's annual statement there.
      else if (year && canStart) setStarting({ row, year: Number(year) });
      else navigate({ to: '/person/legal-persons/view/$id', params: { id: String(row.id) } });
    },
    [navigate, canStart],
  );
  const [startBusy, setStartBusy] = useState(false);
  const start = async () => {
    if (!starting) return;
    setStartBusy(true);
    try {
      const made = await api<{ id: number }>('/api/performance/financial-statements', {
        method: 'POST',
        body: { legal_person_id: starting.row.id, fiscal_year: starting.year, period_months: 12 },
      });
      setStarting(null);
      navigate({
        to: '/performance/financial-statement/view/$id',
        params: { id: String(made.id) },
        search: { entry: true },
      });
    } catch (err) {
      // The server's Persian message is shown by the http client; the dialog stays for another try.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setStartBusy(false);
    }
  };
  const [pending, setPending] = useState<Pending | null>(null);
  /** X on a year's cell that has a statement chooses that statement alone (A / B then move the chosen cells). */
  const selectableCell = useCallback((row: Row, columnId: string) => {
    const cell = columnId.startsWith('y') ? row.cells[columnId.slice(1)] : undefined;
    return cell ? String(cell.id) : null;
  }, []);
  const bulkActions = useMemo<BulkAction[]>(() => {
    const ask = (verb: Verb) => (selection: BulkSelection | CellSelection) =>
      new Promise<UndoOffer | null>((resolve) => setPending({ verb, selection, resolve }));
    return [
      {
        id: 'matrix.bulk.review',
        title: 'ثبت بررسی‌شده',
        key: 'KeyA',
        permission: 'financial.statements.review',
        run: ask('review'),
        runCells: ask('review'),
      },
      {
        id: 'matrix.bulk.return',
        title: 'برگشت برای اصلاح',
        key: 'KeyB',
        tone: 'danger',
        permission: 'financial.statements.review',
        run: ask('return'),
        runCells: ask('return'),
      },
    ];
  }, []);
  const shift = (by: number) => navigate({ search: { ...search, to: to + by } });
  return (
    <>
      <PageHeader
        description={entryMatrixEntity.intro}
        actions={
          <>
            <Button onClick={() => shift(-1)} aria-label="یک سال عقب‌تر">
              سال‌های قبل
            </Button>
            <span>
              {toPersianDigits(from)} تا {toPersianDigits(to)}
            </span>
            <Button onClick={() => shift(1)} aria-label="یک سال جلوتر">
              سال‌های بعد
            </Button>
          </>
        }
      />
      <DataTable
        id="statement-entry-states"
        label={entryMatrixEntity.plural}
        columns={columns}
        filters={matrixFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={['financial_statement', 'matrix', from, to]}
        fetchPage={fetchPage}
        getRowId={(r) => String(r.id)}
        onOpen={open}
        selectableCell={selectableCell}
        bulkActions={bulkActions}
        searchPlaceholder={entryMatrixEntity.search}
        emptyText={entryMatrixEntity.emptyText!}
      />
      <ConfirmDialog
        open={starting !== null}
        onOpenChange={(o) => !o && !startBusy && setStarting(null)}
        title={starting ? `صورت مالی سالانه ${toPersianDigits(starting.year)}` : ''}
        description={
          starting
            ? `صورت مالی سالانه سال ${toPersianDigits(starting.year)} «${starting.row.company}» هنوز آغاز نشده است. آغاز شود و فرم ورود ارقام باز شود؟`
            : undefined
        }
        confirmLabel="آغاز و ورود ارقام"
        busy={startBusy}
        onConfirm={start}
      />
      {pending && (
        <BulkMoveDialog
          pending={pending}
          years={years}
          range={{ from_year: from, to_year: to }}
          onDone={(offer) => {
            pending.resolve(offer);
            setPending(null);
          }}
        />
      )}
    </>
  );
}

/**
 * Asks which fiscal year's statements of the chosen companies to move (the latest of the range
 * first) and, for a return, the note; then makes the call and offers its undo.
 */
function BulkMoveDialog(props: {
  pending: Pending;
  years: number[];
  range: { from_year: number; to_year: number };
  onDone(offer: UndoOffer | null): void;
}) {
  const { verb, selection } = props.pending;
  const byCell = selection.kind === 'cells';
  const words = BULK[verb];
  const [year, setYear] = useState(props.years[props.years.length - 1]!);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const target =
        selection.kind === 'cells'
          ? { statement_ids: selection.cells.map((c) => Number(c.key)) }
          : {
              fiscal_year: year,
              ...(selection.kind === 'rows'
                ? { ids: selection.ids.map(Number) }
                : { all: { ...toFilterQuery(selection.query), ...props.range } }),
            };
      const answer = await api<{ operation: { id: string }; moved: number; skipped: number }>(words.path, {
        method: 'POST',
        body: { ...target, ...(verb === 'return' ? { note } : {}) },
        quiet: true,
      });
      const n = formatNumber(answer.moved);
      const skipped =
        answer.skipped > 0
          ? `؛ ${formatNumber(answer.skipped)} ${byCell ? 'خانه' : 'شرکت'} صورت مالی در وضعیت مناسب نداشت`
          : '';
      const which = byCell ? '' : ` سال ${toPersianDigits(year)}`;
      props.onDone({
        message: `${n} صورت مالی${which} ${words.done}${skipped}`,
        until: Date.now() + UNDO_WINDOW_MS - 300,
        undo: async () => {
          await api(`/api/bulk-operations/${answer.operation.id}/undo`, { method: 'POST' });
          return `${n} صورت مالی${which} ${words.undone}`;
        },
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.fields);
      else if (err instanceof ApiError) props.onDone(null);
      else throw err;
    } finally {
      setBusy(false);
    }
  };
  const count =
    selection.kind === 'all'
      ? selection.total
      : selection.kind === 'cells'
        ? selection.cells.length
        : selection.ids.length;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && props.onDone(null)}
      title={`${words.title}: ${formatNumber(count)} ${byCell ? 'صورت مالی' : 'شرکت'}`}
      description={
        byCell
          ? 'صورت‌های مالی خانه‌های انتخاب‌شده. تا ۱۰ ثانیه پس از آن می‌توانید با Ctrl+Z برگردانید.'
          : 'صورت مالی سالانه کدام سال مالی؟ تا ۱۰ ثانیه پس از آن می‌توانید با Ctrl+Z برگردانید.'
      }
      footer={
        <>
          <Button onClick={() => props.onDone(null)} disabled={busy}>
            انصراف
          </Button>
          <Button
            tone={verb === 'return' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {words.verb}
          </Button>
        </>
      }
    >
      {!byCell && (
        <SelectField
          label="سال مالی"
          name="fiscal_year"
          error={(errors.fiscal_year ?? errors.ids)?.[0]}
          value={String(year)}
          onChange={(v) => setYear(Number(v))}
          empty={null}
          options={[...props.years].reverse().map((y) => ({ value: String(y), label: toPersianDigits(y) }))}
        />
      )}
      {byCell && (errors.ids ?? errors.statement_ids) && (
        <p role="alert">{(errors.ids ?? errors.statement_ids)![0]}</p>
      )}
      {verb === 'return' && (
        <TextField
          label="علت برگشت"
          name="note"
          required
          multiline
          rows={3}
          value={note}
          onChange={setNote}
          error={errors.note?.[0]}
        />
      )}
    </Dialog>
  );
}
