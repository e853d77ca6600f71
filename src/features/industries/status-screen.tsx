import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import {
  type IndustryCompanyRow,
  type IndustryFigures,
  industryCompanyEntity,
} from '~/contract/industries.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { sectionsCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent, formatRial } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { YearPicker } from '~/ui/year-picker.tsx';
import { detailQuery, fetchCompanyPage, industryKeys, provincesQuery } from './api.ts';
import { ProvinceMap } from './province-map.tsx';
import { companyFilters, type YearSearch } from './search.ts';

type Row = IndustryCompanyRow & Record<string, unknown>;

const figuresCss = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: '3',
  m: '0',
  '& div': { display: 'grid', gap: '0.5' },
  '& dt': { fontSize: '12px', color: 'muted' },
  '& dd': { m: '0', fontSize: '15px', fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
});
const companyLink = css({
  color: 'first.text',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
});

const amount = (v: string | null) => (v === null ? EMPTY : formatRial(v));

/** The group's figures as terms: companies by class, the state's share, capital and the year's statements. */
function Figures({ f, year }: { f: IndustryFigures; year: number | null }) {
  const items: [string, ReactNode, string?][] = [
    ['شرکت‌ها و هلدینگ‌ها', formatNumber(f.companies)],
    ['دولتی', formatNumber(f.state_owned), 'سهم یکپارچه دولت بیش از ۵۰٪'],
    ['وابسته به دولت', formatNumber(f.state_affiliated), 'سهم دولت بیش از صفر و تا ۵۰٪، یا تحت کنترل دولت'],
    ['خصوصی', formatNumber(f.private), 'بدون سهم دولت'],
    [
      'نهاد دولتی',
      formatNumber(f.state_entities),
      'از نهادهای دولت (وزارتخانه، شرکت مادرتخصصی، صندوق دولتی)',
    ],
    ['سهم دولت نامعلوم', formatNumber(f.unknown)],
    [
      'میانگین سهم دولت',
      formatPercent(f.state_share_avg, 1),
      `میانگین سهم یکپارچه دولت در ${toPersianDigits(f.share_n)} شرکت با سهم معلوم`,
    ],
    [
      'سهم دولت، وزنی با سرمایه',
      formatPercent(f.state_share_weighted, 1),
      'Σ سهم دولت × سرمایه ثبتی ÷ Σ سرمایه ثبتی: سهم دولت از سرمایه اسمی گروه',
    ],
    [
      'سرمایه ثبتی (میلیارد ریال)',
      f.registered_capital === null ? EMPTY : formatNumber(Math.round(Number(f.registered_capital) / 1e9)),
      f.registered_capital === null ? undefined : `${formatRial(f.registered_capital)} ریال`,
    ],
    [`صورت مالی سالانه ${year === null ? '' : toPersianDigits(year)}`, formatNumber(f.statements)],
    ['درآمد عملیاتی (میلیون ریال)', amount(f.revenue)],
    ['سود خالص (میلیون ریال)', amount(f.net_profit)],
    ['جمع دارایی‌ها (میلیون ریال)', amount(f.total_assets)],
    ['زیان‌ده', formatNumber(f.loss)],
    ['مشمول ماده ۱۴۱', formatNumber(f.article_141), 'زیان انباشته دست‌کم نصف سرمایه'],
  ];
  return (
    <dl className={figuresCss}>
      {items.map(([term, value, hint]) => (
        <div key={term} title={hint}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /industries/status/{id}: one industry group. Its figures (companies by state class, the state's
 * mean and capital-weighted share, the sums of the year's annual statements; Y picks the year),
 * where its companies are registered (a map of the provinces with the table beside it), and its
 * companies in the list workstation (Enter opens a company). O opens the group's ownership network.
 */
export function StatusScreen({ id }: { id: number }) {
  const search = useSearch({ from: '/industries/status/$id' }) as YearSearch;
  const navigate = useNavigate({ from: '/industries/status/$id' });
  const year = search.year;
  const detail = useQuery(detailQuery(id, year));
  const provinces = useQuery(provincesQuery(id));
  const forbidden = useForbiddenAnswer(detail.error);
  const d = detail.data;

  const toGraph = useCallback(
    () => void navigate({ to: '/industries/graph/$id', params: { id: String(id) } }),
    [navigate, id],
  );
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'industries.graph',
        title: 'نمودار مالکیت درون صنعت',
        keywords: ['graph', 'ownership', 'نمودار', 'مالکیت'],
        shortcut: 'KeyO',
        group: 'صنایع',
        run: toGraph,
      },
    ],
    [toGraph],
  );
  useRegisterCommands(commands);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, year }, replace: opts?.replace }),
    [navigate, year],
  );
  const columns = useMemo(
    () =>
      entityColumns<(typeof industryCompanyEntity)['fields'], Row>(industryCompanyEntity, {
        company: (r) => (
          <Link
            to="/person/legal-persons/view/$id"
            params={{ id: String(r.legal_person_id) }}
            className={companyLink}
            tabIndex={-1}
          >
            {r.company}
          </Link>
        ),
        state_class: (r) => <StateClassBadge code={r.state_class} />,
      }),
    [],
  );
  const fetchPage = useMemo(() => fetchCompanyPage(id, year), [id, year]);

  if (!d)
    return (
      <>
        <PageHeader
          description={
            detail.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : detail.error instanceof ApiError && detail.error.status === 404
                  ? 'این گروه صنعت پیدا نشد؛ با Esc به فهرست صنایع بازگردید.'
                  : 'بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {detail.isPending && <SkeletonRows rows={8} columns={6} />}
      </>
    );

  const industry = d.industry;
  return (
    <>
      <PageHeader
        title={`وضعیت صنعت: ${industry.name}`}
        description={`گروه ${toPersianDigits(industry.code)} بورس تهران؛ وضعیت دولتی و سهم دولت امروز، ارقام از صورت‌های مالی سالانه سال ${
          d.fiscal_year === null ? EMPTY : toPersianDigits(d.fiscal_year)
        }.`}
        actions={
          <>
            <YearPicker
              command={{ id: 'industries.year', group: 'صنایع' }}
              empty="بدون صورت مالی"
              years={d.years}
              year={d.fiscal_year}
              onChange={(y) => void navigate({ search: (prev) => ({ ...prev, year: y }) })}
            />
            <Button shortcut="KeyO" onClick={toGraph} disabled={industry.companies < 2}>
              نمودار مالکیت
            </Button>
          </>
        }
      />
      <div className={sectionsCss}>
        <Card title="خلاصه">
          <Figures f={industry} year={d.fiscal_year} />
        </Card>
        <Card title="پراکندگی استانی شرکت‌ها">
          {provinces.data ? (
            <ProvinceMap data={provinces.data} />
          ) : provinces.isPending ? (
            <SkeletonRows rows={6} columns={2} />
          ) : (
            <p>پراکندگی استانی بارگیری نشد؛ صفحه را دوباره باز کنید.</p>
          )}
        </Card>
        <DataTable
          id="industry-companies"
          label={`شرکت‌های ${industry.name}${d.fiscal_year === null ? '' : ` در سال ${toPersianDigits(d.fiscal_year)}`}`}
          columns={columns}
          filters={companyFilters}
          search={search}
          onSearchChange={onSearchChange}
          queryKey={industryKeys.companies(id, year)}
          fetchPage={fetchPage}
          getRowId={(r) => String(r.legal_person_id)}
          onOpen={(r) =>
            void navigate({ to: '/person/legal-persons/view/$id', params: { id: String(r.legal_person_id) } })
          }
          searchPlaceholder={industryCompanyEntity.search}
          emptyText={industryCompanyEntity.emptyText!}
        />
      </div>
    </>
  );
}
