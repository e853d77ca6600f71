import { minutesEntity } from '~/contract/company-reports.ts';
import { ReportListScreen, useReportSearch } from './report-list-screen.tsx';

/**
 * /person/legal-persons/mom/list: minutes of meetings across companies, latest first; filters
 * company and kind (dates in the builder, Shift+F); N new, Enter or E edit, Delete delete (roles
 * that may edit legal persons).
 */
export function MinutesScreen() {
  const { search, onSearchChange } = useReportSearch('/person/legal-persons/mom/list');
  return (
    <ReportListScreen
      entity={minutesEntity}
      search={search}
      onSearchChange={onSearchChange}
      description="صورتجلسه‌های هیئت مدیره، مجامع و جلسه‌های نظارتی شرکت‌ها"
      emptyText="صورتجلسه‌ای یافت نشد"
      keywords={['minutes', 'mom', 'new', 'صورتجلسه', 'جدید']}
    />
  );
}
