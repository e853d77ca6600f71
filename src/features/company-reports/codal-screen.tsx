import { useCallback, useMemo } from 'react';
import { codalEntity } from '~/contract/company-reports.ts';
import type { RowAction } from '~/ui/data-table/types.ts';
import { ReportListScreen, useReportSearch } from './report-list-screen.tsx';

type Row = Record<string, unknown> & { id: number };

/**
 * /person/legal-persons/codal-infos: Codal disclosures of every listed company, newest first;
 * filters company, kind and (in the builder, Shift+F) the publish date range; Enter opens the
 * company, P / C / M its product reports, production capacity and monthly activity; N adds a
 * disclosure by hand (roles that may edit legal persons).
 */
export function CodalScreen() {
  const { search, onSearchChange, navigate } = useReportSearch('/person/legal-persons/codal-infos');
  const open = useCallback(
    (row: Row) => {
      if (row.legal_person_id)
        navigate({ to: '/person/legal-persons/view/$id', params: { id: String(row.legal_person_id) } });
    },
    [navigate],
  );
  // The company's own report screens, from its disclosure: P, C, M.
  const rowActions = useMemo<RowAction<Row>[]>(() => {
    const has = (r: Row) => r.legal_person_id !== null;
    const id = (r: Row) => String(r.legal_person_id);
    return [
      {
        id: 'codal.product-reports',
        title: 'گزارش‌های تولید شرکت',
        key: 'KeyP',
        isEnabled: has,
        run: (r) => navigate({ to: '/person/legal-persons/product-reports/$id', params: { id: id(r) } }),
      },
      {
        id: 'codal.capacity',
        title: 'ظرفیت تولید شرکت',
        key: 'KeyC',
        isEnabled: has,
        run: (r) => navigate({ to: '/person/legal-persons/production-capacity/$id', params: { id: id(r) } }),
      },
      {
        id: 'codal.monthly',
        title: 'گزارش فعالیت ماهانه شرکت',
        key: 'KeyM',
        isEnabled: has,
        run: (r) =>
          navigate({
            to: '/person/legal-persons/$lid/monthly-performance-report/list',
            params: { lid: id(r) },
          }),
      },
    ];
  }, [navigate]);
  return (
    <ReportListScreen
      entity={codalEntity}
      search={search}
      onSearchChange={onSearchChange}
      description="اطلاعیه‌های منتشرشده شرکت‌های بورسی در سامانه کدال"
      emptyText="اطلاعیه‌ای یافت نشد"
      keywords={['codal', 'new', 'کدال', 'اطلاعیه']}
      words={{
        command: 'ثبت اطلاعیه کدال',
        group: 'اطلاعات کدال',
        button: 'ثبت اطلاعیه',
        done: 'اطلاعیه ثبت شد',
      }}
      onOpen={open}
      rowActions={rowActions}
    />
  );
}
