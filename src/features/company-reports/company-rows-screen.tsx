import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode, useCallback, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { useCommandContext } from '~/lib/command-context.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { deleteCompanyRow, reportKeys, type Segment } from './api.ts';
import { type RecordColumn, RecordTable } from './record-table.tsx';

/**
 * One company's report rows (product reports, capacities, monthly reports): the page header
 * with the company and links to its other reports, the keyboard table, the create/edit dialog
 * and the delete confirmation. Keys: N new, Enter edit, Delete delete (for roles that may edit
 * legal persons; others only read), J/K move.
 */

/** A path the role may open only with `person.legal.edit` (the edit commands' visibility). */
export const EDIT_PATH = '/person/legal-persons/create';

export interface FormProps<T> {
  open: boolean;
  row: T | null;
  onClose(): void;
  onSaved(): void;
}

interface Props<T extends { id: number; version: number }> {
  segment: Segment;
  companyId: number;
  company: { id: number; name: string } | undefined;
  rows: readonly T[] | undefined;
  loading: boolean;
  error: Error | null;
  retry(): void;
  /** The thing one row is, for titles and messages: "گزارش تولید". */
  noun: string;
  caption: string;
  columns: readonly RecordColumn<T>[];
  nameOf(row: T): string;
  renderForm(props: FormProps<T>): ReactNode;
  footer?: { key: string; cells: ReactNode[] }[];
  /** Above the table (a filter). */
  toolbar?: ReactNode;
  /** Below the table (a chart, totals). */
  children?: ReactNode;
  emptyText: string;
}

const links = css({
  display: 'flex',
  gap: '3',
  flexWrap: 'wrap',
  fontSize: '13px',
  '& a': { color: 'first.text' },
});
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** Links from one of a company's report screens to its record and its other reports. */
function CompanyLinks({ id, current }: { id: number; current: Segment }) {
  const p = { id: String(id) };
  return (
    <nav aria-label="گزارش‌های دیگر شرکت" className={links}>
      <Link to="/person/legal-persons/view/$id" params={p}>
        پرونده شرکت
      </Link>
      {current !== 'product-reports' && (
        <Link to="/person/legal-persons/product-reports/$id" params={p}>
          گزارش‌های تولید
        </Link>
      )}
      {current !== 'production-capacities' && (
        <Link to="/person/legal-persons/production-capacity/$id" params={p}>
          ظرفیت تولید
        </Link>
      )}
      {current !== 'monthly-performance-reports' && (
        <Link to="/person/legal-persons/$lid/monthly-performance-report/list" params={{ lid: String(id) }}>
          گزارش فعالیت ماهانه
        </Link>
      )}
    </nav>
  );
}

export function CompanyRowsScreen<T extends { id: number; version: number }>(props: Props<T>) {
  const { segment, companyId, noun, nameOf } = props;
  const queryClient = useQueryClient();
  const ctx = useCommandContext();
  const canEdit = ctx.canOpen(EDIT_PATH);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    [queryClient],
  );

  const commands = useMemo<Command[]>(
    () => [
      {
        id: `company-reports.${segment}.new`,
        title: `${noun} تازه`,
        keywords: ['new', 'create', 'تازه', 'جدید'],
        shortcut: 'KeyN',
        group: props.caption,
        isVisible: (c) => c.canOpen(EDIT_PATH),
        run: () => whenNoDialog(() => setEditing({ row: null })),
      },
    ],
    [segment, noun, props.caption],
  );
  useRegisterCommands(commands);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteCompanyRow(segment, companyId, removing.id, removing.version);
      toast.positive(`${noun} «${nameOf(removing)}» حذف شد`);
    } catch (e) {
      // 409 / 404 are toasted by the error catalogue; the list is refreshed either way.
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  let body: ReactNode;
  if (props.loading) body = <SkeletonRows rows={6} columns={props.columns.length} />;
  else if (props.error)
    body = (
      <EmptyState
        title={
          props.error instanceof ApiError && props.error.status === 404 ? 'شرکت یافت نشد' : 'بارگیری نشد'
        }
        action={<Button onClick={props.retry}>تلاش دوباره</Button>}
      >
        {props.error.message}
      </EmptyState>
    );
  else if (!props.rows?.length)
    body = (
      <EmptyState title={props.emptyText} shortcut={canEdit ? 'KeyN' : undefined}>
        {canEdit ? `برای ثبت ${noun} تازه کلید N را بزنید.` : 'هنوز چیزی ثبت نشده است.'}
      </EmptyState>
    );
  else
    body = (
      <RecordTable
        caption={props.caption}
        columns={props.columns}
        rows={props.rows}
        getKey={(r) => r.id}
        onEdit={canEdit ? (row) => setEditing({ row }) : undefined}
        onDelete={canEdit ? (row) => setRemoving(row) : undefined}
        footer={props.footer}
      />
    );

  return (
    <>
      <PageHeader
        description={
          <>
            {props.company?.name ?? '…'}
            <CompanyLinks id={companyId} current={segment} />
          </>
        }
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
              {noun} تازه
            </Button>
          )
        }
      />
      <div className={stack}>
        {props.toolbar}
        {body}
        {props.children}
      </div>
      <Fragment key={editing ? (editing.row?.id ?? 'new') : 'closed'}>
        {props.renderForm({
          open: editing !== null,
          row: editing?.row ?? null,
          onClose: () => setEditing(null),
          onSaved: () => {
            toast.positive(editing?.row ? `${noun} ذخیره شد` : `${noun} تازه ثبت شد`);
            setEditing(null);
            void refresh();
          },
        })}
      </Fragment>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title={`${noun} حذف شود؟`}
        description={removing && `«${nameOf(removing)}» برای همیشه حذف می‌شود.`}
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
