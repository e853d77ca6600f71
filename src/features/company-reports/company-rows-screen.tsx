import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import { capacityEntity, monthlyEntity, productReportEntity } from '~/contract/company-reports.ts';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Button } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { formatField } from '~/ui/entity/columns.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { companyRowsQuery, reportKeys } from './api.ts';
import { RecordTable, recordColumns } from './record-table.tsx';
import { useReportEditing } from './report-editing.tsx';

/**
 * One company's report rows (product reports, capacities, monthly reports), all from the report's
 * description: the page header with the company and links to its other reports, the keyboard
 * table (recordColumns), the create/edit dialog (ReportFormDialog) and the delete confirmation. Keys: N new, Enter edit, Delete delete (for roles that may edit
 * legal persons; others only read), J/K move.
 */

/** A path the role may open only with `person.legal.edit` (the edit commands' visibility). */
export const EDIT_PATH = '/person/legal-persons/create';

type Row = Record<string, unknown> & { id: number; version: number };
type Fields = Record<string, EntityField>;

/** A company's own report as its screen shows it: the description and what is the report's own. */
export interface CompanyReport<F extends Fields> {
  entity: EntityDescription<F>;
  /** The fields that name a row in messages («کاتد مس ۱۴۰۳ سالانه»). */
  nameFields: readonly (keyof F & string)[];
  emptyText: string;
  /** Below the table (a chart, a note), from the rows. */
  below?(rows: readonly Row[]): ReactNode;
}

/** Declares a company report (keeps its fields' names as literal types). */
export const companyReport = <F extends Fields>(report: CompanyReport<F>) => report;

interface Props<F extends Fields> {
  report: CompanyReport<F>;
  companyId: number;
  /** The company's rows as read (a TanStack query's result). */
  query: {
    data?: { company: { id: number; name: string }; rows: unknown[] };
    isPending: boolean;
    error: Error | null;
    refetch(): unknown;
  };
  footer?: { key: string; cells: ReactNode[] }[];
  /** Above the table (a filter). */
  toolbar?: ReactNode;
  /** Replaces the report's empty text (a filter that matched nothing). */
  emptyText?: string;
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
function CompanyLinks({ id, current }: { id: number; current: string }) {
  const p = { id: String(id) };
  return (
    <nav aria-label="گزارش‌های دیگر شرکت" className={links}>
      <Link to="/person/legal-persons/view/$id" params={p}>
        پرونده شرکت
      </Link>
      {current !== productReportEntity.name && (
        <Link to="/person/legal-persons/product-reports/$id" params={p}>
          گزارش‌های تولید
        </Link>
      )}
      {current !== capacityEntity.name && (
        <Link to="/person/legal-persons/production-capacity/$id" params={p}>
          ظرفیت تولید
        </Link>
      )}
      {current !== monthlyEntity.name && (
        <Link to="/person/legal-persons/$lid/monthly-performance-report/list" params={{ lid: String(id) }}>
          گزارش فعالیت ماهانه
        </Link>
      )}
    </nav>
  );
}

/** The screen of a company's own report (product reports, capacities, monthly reports). */
export function CompanyRowsScreen<F extends Fields>({ report, companyId, query, ...props }: Props<F>) {
  const { entity } = report;
  const noun = entity.title;
  const caption = `${entity.plural} شرکت`;
  const columns = useMemo(() => recordColumns<F, Row>(entity), [entity]);
  const rows = query.data?.rows as Row[] | undefined;
  const nameOf = (row: Row) => report.nameFields.map((n) => formatField(entity.fields[n]!, row[n])).join(' ');
  const queryClient = useQueryClient();
  const ctx = useCommandContext();
  const canEdit = ctx.canOpen(EDIT_PATH);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    [queryClient],
  );
  const edits = useReportEditing({
    entity,
    scope: [companyId],
    nameOf,
    refresh,
    created: `${noun} تازه ثبت شد`,
  });

  const commands = useMemo<Command[]>(
    () => [
      {
        id: `company-reports.${entity.name}.new`,
        title: `${noun} تازه`,
        keywords: ['new', 'create', 'تازه', 'جدید'],
        shortcut: 'KeyN',
        group: caption,
        isVisible: (c) => c.canOpen(EDIT_PATH),
        run: () => whenNoDialog(edits.create),
      },
    ],
    [entity, noun, caption, edits.create],
  );
  useRegisterCommands(commands);

  let body: ReactNode;
  if (query.isPending) body = <SkeletonRows rows={6} columns={columns.length} />;
  else if (query.error)
    body = (
      <EmptyState
        title={
          query.error instanceof ApiError && query.error.status === 404 ? 'شرکت یافت نشد' : 'بارگیری نشد'
        }
        action={<Button onClick={() => void query.refetch()}>تلاش دوباره</Button>}
      >
        {query.error.message}
      </EmptyState>
    );
  else if (!rows?.length)
    body = (
      <EmptyState title={props.emptyText ?? report.emptyText} shortcut={canEdit ? 'KeyN' : undefined}>
        {canEdit ? `برای ثبت ${noun} تازه کلید N را بزنید.` : 'هنوز چیزی ثبت نشده است.'}
      </EmptyState>
    );
  else
    body = (
      <RecordTable
        caption={caption}
        columns={columns}
        rows={rows}
        getKey={(r) => r.id}
        onEdit={canEdit ? edits.edit : undefined}
        onDelete={canEdit ? edits.remove : undefined}
        footer={props.footer}
      />
    );

  return (
    <>
      <PageHeader
        description={
          <>
            {query.data?.company.name ?? '…'}
            <CompanyLinks id={companyId} current={entity.name} />
          </>
        }
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={edits.create}>
              {noun} تازه
            </Button>
          )
        }
      />
      <div className={stack}>
        {props.toolbar}
        {body}
        {rows && report.below?.(rows)}
      </div>
      {edits.dialogs}
    </>
  );
}

/** A company's own report read from its description's path, for the company in the URL (`$id`). */
export function CompanyReportScreen<F extends Fields>({ report }: { report: CompanyReport<F> }) {
  const id = parseId(useParams({ strict: false }).id ?? '') ?? 0;
  const query = useQuery(companyRowsQuery(report.entity, id));
  return <CompanyRowsScreen report={report} companyId={id} query={query} />;
}
