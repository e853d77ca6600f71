import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { minutesEntity } from '~/contract/company-reports.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { ReportListScreen } from './report-list-screen.tsx';
import { minutesFilters } from './search.ts';

/**
 * /person/legal-persons/mom/list: minutes of meetings across companies, latest first; filters
 * company and kind (dates in the builder, Shift+F); N new, Enter or E edit, Delete delete (roles
 * that may edit legal persons).
 */
export function MinutesScreen() {
  const search = useSearch({ from: '/person/legal-persons/mom/list' });
  const navigate = useNavigate({ from: '/person/legal-persons/mom/list' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  return (
    <ReportListScreen
      entity={minutesEntity}
      tableId="meeting-minutes"
      search={search}
      onSearchChange={onSearchChange}
      filters={minutesFilters}
      description="صورتجلسه‌های هیئت مدیره، مجامع و جلسه‌های نظارتی شرکت‌ها"
      emptyText="صورتجلسه‌ای یافت نشد"
      create={{
        id: 'minutes.new',
        command: 'صورتجلسه تازه',
        group: 'صورت‌جلسات',
        keywords: ['minutes', 'mom', 'new', 'صورتجلسه', 'جدید'],
        button: 'صورتجلسه تازه',
        done: 'صورتجلسه ثبت شد',
      }}
    />
  );
}
