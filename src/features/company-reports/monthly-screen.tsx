import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { monthlyEntity } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatNumber, formatRial } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { monthlyQuery } from './api.ts';
import { CompanyRowsScreen } from './company-rows-screen.tsx';
import { monthlyReports } from './reports.tsx';

const toolbar = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: '13px' });
const selectCss = css({ appearance: 'auto', py: '0', w: 'auto' });

/**
 * /person/legal-persons/{lid}/monthly-performance-report/list: a company's monthly production
 * and sales, by Jalali year and month, with totals per year (sales value over every product;
 * quantities per product, since units differ) and a year filter kept in the URL.
 */
export function MonthlyScreen({ id, year }: { id: number; year: number | undefined }) {
  const q = useQuery(monthlyQuery(monthlyEntity, id, year));
  const navigate = useNavigate({ from: '/person/legal-persons/$lid/monthly-performance-report/list' });
  const yearId = useId();
  const years = q.data?.years ?? [];
  const footer = (q.data?.totals ?? []).flatMap((t) => [
    ...t.products.map((p) => ({
      key: `${t.year}-${p.product}-${p.unit}`,
      cells: [
        toPersianDigits(t.year),
        'جمع سال',
        p.product,
        p.unit,
        formatNumber(p.production),
        formatNumber(p.sales_quantity),
        '',
      ],
    })),
    {
      key: `${t.year}-all`,
      cells: [toPersianDigits(t.year), 'جمع سال', 'همه محصولات', '', '', '', formatRial(t.sales_value)],
    },
  ]);
  return (
    <CompanyRowsScreen
      report={monthlyReports}
      companyId={id}
      query={q}
      emptyText={year ? 'برای این سال گزارشی ثبت نشده است' : undefined}
      footer={footer}
      toolbar={
        <div className={toolbar}>
          <label htmlFor={yearId}>سال</label>
          <select
            id={yearId}
            name="year-filter"
            className={cx(inputCss(), selectCss)}
            value={year ?? ''}
            onChange={(e) =>
              navigate({
                search: { year: e.target.value ? Number(e.target.value) : undefined },
                replace: true,
              })
            }
          >
            <option value="">همه سال‌ها</option>
            {[...new Set([...(year ? [year] : []), ...years])].map((y) => (
              <option key={y} value={y}>
                {toPersianDigits(y)}
              </option>
            ))}
          </select>
        </div>
      }
    />
  );
}
