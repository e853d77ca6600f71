import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { css } from 'styled-system/css';
import type { StatusReport } from '~/contract/status-report.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { statusReportQuery } from './api.ts';
import type { ReportState } from './use-report.ts';
import { statusOf } from './use-report.ts';

/** What both report screens share: loading the report, its not-loaded states, the header links. */

const links = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: '13px' });

/** Loads the report of company `id`; renders `children(report)` once it is there. */
export function ReportLoader({ id, children }: { id: number; children(report: StatusReport): ReactNode }) {
  const query = useQuery(statusReportQuery(id));
  if (query.data) return children(query.data);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <PageHeader />
      {query.isPending ? (
        <SkeletonRows rows={8} columns={3} />
      ) : (
        <EmptyState
          title={missing ? 'این شخص حقوقی پیدا نشد' : 'گزارش وضعیت بارگیری نشد'}
          action={!missing && <Button onClick={() => void query.refetch()}>دوباره تلاش کنید</Button>}
        >
          {missing ? 'شاید حذف شده باشد.' : query.error?.message}
        </EmptyState>
      )}
    </>
  );
}

/** The header's links: the company, the other form of the report, both print views. */
export function ReportLinks({ id, long }: { id: number; long: boolean }) {
  const params = { id: String(id) };
  return (
    <span className={links}>
      <Link to="/person/legal-persons/view/$id" params={params}>
        مشخصات شرکت
      </Link>
      <span aria-hidden="true">·</span>
      {long ? (
        <Link to="/person/legal-persons/status/$id" params={params}>
          گزارش بخش به بخش
        </Link>
      ) : (
        <Link to="/person/legal-persons/create-form/$id" params={params}>
          فرم یکجا (ورود از فرم کاغذی)
        </Link>
      )}
      <span aria-hidden="true">·</span>
      <Link to="/status-print/$id" params={params}>
        چاپ گزارش
      </Link>
      <span aria-hidden="true">·</span>
      <Link to="/status-print-form/$id" params={params}>
        چاپ فرم خام
      </Link>
    </span>
  );
}

/** Asks before the tab is closed or reloaded while a section holds unsaved changes. */
export function useLeaveGuard(report: ReportState): void {
  const dirty = report.sections.some((s) => statusOf(s) === 'dirty');
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);
}
