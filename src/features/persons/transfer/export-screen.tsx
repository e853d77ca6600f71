import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { ListPage } from '~/contract/list.ts';
import type { TransferFormat } from '~/contract/person-transfer.ts';
import { api } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import {
  formatSort,
  parseSort,
  toListParams,
  toListQuery,
  toRequestQuery,
} from '~/ui/data-table/search-params.ts';
import type { EnumFilter, ListSearch } from '~/ui/data-table/types.ts';
import { Field } from '~/ui/field.tsx';
import { formatNumber } from '~/ui/format.ts';
import { Input, input } from '~/ui/input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { truePersonFilters } from '../search.ts';
import { downloadFile } from './api.ts';
import { exportUrl } from './export-url.ts';

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  maxW: '760px',
});
const formats = css({
  display: 'flex',
  gap: '4',
  alignItems: 'center',
  fontSize: '14px',
  border: 'none',
  p: '0',
  m: '0',
});
const footer = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  mt: '5',
  fontSize: '13px',
  color: 'muted',
});

const SORTS: [string, string][] = [
  ['last_name', 'نام خانوادگی'],
  ['first_name', 'نام'],
  ['national_code', 'کد ملی'],
  ['birth_date', 'تاریخ تولد'],
  ['created_at', 'زمان ثبت'],
];

const enumFilter = (key: string) => truePersonFilters.find((f) => f.key === key) as EnumFilter;

/**
 * /person/true-persons/export: pick the rows (search, gender, education, field of study), the
 * order and the format, see how many rows match, and download. The choices live in the URL (the
 * list screen's own search params), so the list's view opens here as it is.
 */
export function TruePersonsExportScreen() {
  const search = useSearch({ from: '/person/true-persons/export' });
  const navigate = useNavigate({ from: '/person/true-persons/export' });
  const [format, setFormat] = useState<TransferFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: string | undefined) => {
    const next: ListSearch = { ...search, [key]: value || undefined };
    navigate({ search: next, replace: true });
  };
  const query = toListQuery(search, truePersonFilters);
  const count = useQuery({
    queryKey: ['persons', 'true', 'export-count', query],
    queryFn: ({ signal }) =>
      api<ListPage<unknown>>('/api/person/true-persons', {
        query: toRequestQuery(toListParams(query, { page: 1 }, 1)),
        signal,
        quiet: true,
      }),
  });
  const sort = parseSort(search.sort) ?? { id: 'last_name', desc: false };

  const download = async () => {
    setBusy(true);
    await downloadFile(exportUrl('true', query, { format }), `true-persons.${format}`);
    setBusy(false);
  };

  const select = (key: string, label: string) => (
    <Field label={label}>
      <select
        className={input()}
        value={String(search[key] ?? '')}
        onChange={(e) => set(key, e.target.value)}
      >
        <option value="">همه</option>
        {enumFilter(key).options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <>
      <PageHeader description="فهرست اشخاص حقیقی را با فیلتر و ترتیب دلخواه در قالب Excel یا CSV دریافت کنید" />
      <Card>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            download();
          }}
        >
          <div className={grid}>
            <Field label="جست‌وجو (نام یا کد ملی)">
              <Input defaultValue={search.q ?? ''} onChange={(e) => set('q', e.target.value.trim())} />
            </Field>
            <Field label="رشته تحصیلی">
              <Input
                defaultValue={String(search.field ?? '')}
                onChange={(e) => set('field', e.target.value.trim())}
              />
            </Field>
            {select('gender', 'جنسیت')}
            {select('education', 'تحصیلات')}
            <Field label="ترتیب">
              <select
                className={input()}
                value={sort.id}
                onChange={(e) => set('sort', formatSort({ id: e.target.value, desc: sort.desc }))}
              >
                {SORTS.map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="جهت ترتیب">
              <select
                className={input()}
                value={sort.desc ? 'desc' : 'asc'}
                onChange={(e) => set('sort', formatSort({ id: sort.id, desc: e.target.value === 'desc' }))}
              >
                <option value="asc">صعودی</option>
                <option value="desc">نزولی</option>
              </select>
            </Field>
            <fieldset className={cx(formats)}>
              <legend className={css({ fontSize: '13px', fontWeight: '500', mb: '1' })}>قالب پرونده</legend>
              {(['xlsx', 'csv'] as const).map((f) => (
                <label key={f} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
                  <input
                    type="radio"
                    name="format"
                    value={f}
                    checked={format === f}
                    onChange={() => setFormat(f)}
                  />
                  {f === 'xlsx' ? 'Excel (xlsx)' : 'CSV (UTF-8)'}
                </label>
              ))}
            </fieldset>
          </div>
          <div className={footer}>
            <Button type="submit" tone="primary" disabled={busy || count.data?.total === 0}>
              {busy ? 'در حال آماده‌سازی…' : 'دریافت پرونده'}
            </Button>
            <output aria-live="polite">
              {count.data ? `${formatNumber(count.data.total)} ردیف با این فیلترها` : 'در حال شمارش ردیف‌ها…'}
            </output>
          </div>
        </form>
      </Card>
    </>
  );
}
