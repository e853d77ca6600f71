import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { type MeasureRow, measureEntity } from '~/contract/performance-config.ts';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { formatNumber } from '~/ui/format.ts';
import { MeasureValuesDialog } from './measure-values-dialog.tsx';

type Row = Record<string, unknown>;

/**
 * /performance/measures/list (permission performance; changes performance.manage): the measures
 * with how many formulas and items read each and how many values are on file. V opens a measure's
 * values for a fiscal year across companies, typed in place; N new, E or Enter edit, Delete delete
 * (refused while formulas or items read it; its values go with it).
 */
export function MeasuresScreen() {
  const search = useSearch({ from: '/performance/measures/list' }) as ListSearch;
  const navigate = useNavigate({ from: '/performance/measures/list' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: next as never, replace: opts?.replace }),
    [navigate],
  );
  const [values, setValues] = useState<MeasureRow | null>(null);
  const actions = useMemo<RowAction<Row>[]>(
    () => [
      {
        id: 'performance-measures.values',
        title: 'مقادیر سنجه',
        key: 'KeyV',
        permission: 'performance',
        run: (r) => setValues(r as MeasureRow),
      },
    ],
    [],
  );
  return (
    <>
      <EntityListScreen
        entity={measureEntity}
        search={search}
        onSearchChange={onSearchChange}
        rowActions={actions}
        cells={{
          code: (r) => <span dir="ltr">{String(r.code)}</span>,
          uses: (r) => formatNumber(Number(r.uses)),
          value_count: (r) => formatNumber(Number(r.value_count)),
        }}
        removeNotice={(r, name) =>
          Number(r.uses) > 0
            ? `«${name}» را فرمول‌ها یا شاخص‌هایی می‌خوانند و تا آن‌ها هستند حذف نمی‌شود.`
            : `«${name}» و ${formatNumber(Number(r.value_count))} مقدار ثبت‌شدهٔ آن برای همیشه حذف می‌شود.`
        }
      />
      {values && <MeasureValuesDialog measure={values} onClose={() => setValues(null)} />}
    </>
  );
}
