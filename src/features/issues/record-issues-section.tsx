import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ISSUE_PRIORITY_LABELS, type IssueObjectType, type IssueRow } from '~/contract/issues.ts';
import type { ListPage } from '~/contract/list.ts';
import { ISSUE_STATE_LABELS_FA } from '~/domain/issues/issue-status.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { api } from '~/lib/http.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { sessionHolds } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate } from '~/ui/format.ts';
import { RecordSection } from '~/ui/record/record-parts.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';

/**
 * «موضوعات» on a company's and a person's view: the record's latest issues (title linking to the
 * issue, type, status, priority, Jalali date of registration) and the link «همه موضوعات» to
 * /issues/{object_type}/{object_id}, where the record's whole list is. Roles without `issues`
 * see that they have no access, not the issues.
 */

/** How many of the latest issues the section shows. */
const LATEST = 5;
const OBJECT_TYPES: Record<RecordSectionProps['kind'], IssueObjectType> = {
  legal: 'legal_person',
  true: 'true_person',
};
const note = css({ m: 0, p: '4', color: 'muted', fontSize: '13px' });

/** GET /api/issues: the record's latest issues and how many it has. */
const latestIssuesQuery = (type: IssueObjectType, id: number) => ({
  queryKey: ['issue', 'record', type, id, 'latest'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ListPage<IssueRow>>('/api/issues', {
      signal,
      quiet: true,
      query: {
        page: 1,
        per_page: LATEST,
        sortBy: 'created_at',
        descending: true,
        advanceFilter: JSON.stringify([
          { field: 'object_type', op: 'eq', value: type },
          { field: 'object_id', op: 'eq', value: id },
        ]),
      },
    }),
});

/** The section (see the module comment). */
export function RecordIssuesSection({ kind, id, shortcut }: RecordSectionProps) {
  const type = OBJECT_TYPES[kind];
  const allowed = sessionHolds(useClientSession(), 'issues');
  const q = useQuery({ ...latestIssuesQuery(type, id), enabled: allowed });
  const all = `/issues/${type}/${id}`;
  const total = q.data?.total;
  return (
    <RecordSection
      id="issues"
      title="موضوعات"
      shortcut={shortcut}
      count={total !== undefined ? `${toPersianDigits(total)} موضوع` : undefined}
      actions={
        allowed && (
          <Link to={all as never} aria-label="همه موضوعات این شخص">
            همه موضوعات
          </Link>
        )
      }
    >
      {!allowed ? (
        <p className={note}>دسترسی به موضوعات به این نقش داده نشده است.</p>
      ) : q.isPending ? (
        <SkeletonRows rows={3} columns={4} />
      ) : q.isError ? (
        <p className={note} role="alert">
          موضوعات بارگیری نشد.
        </p>
      ) : (
        <StaticTable<IssueRow>
          caption="آخرین موضوعات"
          rows={q.data.data}
          empty="موضوعی دربارهٔ این شخص ثبت نشده است."
          columns={[
            {
              header: 'عنوان',
              cell: (r) => (
                <Link to="/issues/view/$id" params={{ id: String(r.id) }}>
                  {r.title}
                </Link>
              ),
            },
            { header: 'نوع موضوع', cell: (r) => r.issue_type_name, width: '12rem' },
            { header: 'وضعیت', cell: (r) => <Badge>{ISSUE_STATE_LABELS_FA[r.status]}</Badge>, width: '9rem' },
            { header: 'اولویت', cell: (r) => ISSUE_PRIORITY_LABELS[r.priority], width: '6rem' },
            {
              header: 'تاریخ ثبت',
              cell: (r) => (r.created_at ? formatDate(r.created_at) : EMPTY),
              width: '7rem',
            },
          ]}
        />
      )}
    </RecordSection>
  );
}
