import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import { type IndustryRow, industryEntity } from '~/contract/industries.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { YearPicker } from '~/ui/year-picker.tsx';
import { fetchIndustryPage, industryKeys, summaryQuery } from './api.ts';
import { industryFilters, type YearSearch } from './search.ts';

type Row = IndustryRow & Record<string, unknown>;

const summaryCss = css({ fontSize: '13px', color: 'muted', m: '0', mb: '3' });
const nameLink = css({
  color: 'first.text',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
});

const statusOf = (id: number, year: number | undefined) =>
  ({ to: '/industries/status/$id', params: { id: String(id) }, search: year ? { year } : {} }) as const;

/**
 * /industries: the TSETMC industry groups, each with its live companies by state class, the
 * state's mean and capital-weighted share, and the sums of its annual statements of the fiscal
 * year (Y picks it; default the latest). The list workstation's keys (J/K or ↑/↓, / searches, S
 * sorts); Enter opens the group's status, O its ownership network.
 */
export function IndustriesScreen() {
  const search = useSearch({ from: '/industries/' }) as YearSearch;
  const navigate = useNavigate({ from: '/industries/' });
  const summary = useQuery(summaryQuery(search.year));
  const s = summary.data;
  const year = search.year;

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, year }, replace: opts?.replace }),
    [navigate, year],
  );
  const columns = useMemo(
    () =>
      entityColumns<(typeof industryEntity)['fields'], Row>(industryEntity, {
        name: (r) => (
          <Link {...statusOf(r.id, year)} className={nameLink} tabIndex={-1}>
            {r.name}
          </Link>
        ),
      }),
    [year],
  );
  const fetchPage = useMemo(() => fetchIndustryPage(year), [year]);
  const rowActions = useMemo<RowAction<Row>[]>(
    () => [
      {
        id: 'industries.graph',
        title: 'نمودار مالکیت درون صنعت',
        key: 'KeyO',
        isEnabled: (r) => r.companies > 1,
        run: (r) => void navigate({ to: '/industries/graph/$id', params: { id: String(r.id) } }),
      },
    ],
    [navigate],
  );

  return (
    <>
      <PageHeader
        description={`${industryEntity.intro}؛ ارقام صورت‌های مالی به میلیون ریال، سهم‌ها و وضعیت دولتی امروز.`}
        actions={
          <YearPicker
            command={{ id: 'industries.year', group: 'صنایع' }}
            empty="بدون صورت مالی"
            years={s?.years ?? []}
            year={s?.fiscal_year ?? null}
            onChange={(y) => void navigate({ search: (prev) => ({ ...prev, year: y }) })}
          />
        }
      />
      {s && (
        <p className={summaryCss} data-testid="industries-summary">
          {formatNumber(s.all.companies)} شرکت در {formatNumber(s.industries)} گروه صنعت: دولتی{' '}
          {formatNumber(s.all.state_owned)}، وابسته به دولت {formatNumber(s.all.state_affiliated)}، خصوصی{' '}
          {formatNumber(s.all.private)}
          {s.all.state_entities > 0 && `، نهاد دولتی ${formatNumber(s.all.state_entities)}`}
          {s.all.unknown > 0 && `، نامعلوم ${formatNumber(s.all.unknown)}`}؛ صورت‌های مالی سال{' '}
          {s.fiscal_year === null ? '—' : toPersianDigits(s.fiscal_year)}: {formatNumber(s.all.statements)}
          {s.without_industry > 0 &&
            `؛ ${formatNumber(s.without_industry)} شرکت بی‌گروه صنعت در این ارقام نیست`}
          .
        </p>
      )}
      <DataTable
        id="industries"
        label={industryEntity.list!.label!}
        columns={columns}
        filters={industryFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={industryKeys.list(year)}
        fetchPage={fetchPage}
        getRowId={(r) => String(r.id)}
        onOpen={(r) => void navigate(statusOf(r.id, year))}
        rowActions={rowActions}
        searchPlaceholder={industryEntity.search}
        emptyText={industryEntity.emptyText!}
      />
    </>
  );
}
