import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import {
  RATING_DIMENSION_LABELS_FA,
  RATING_DIMENSIONS,
  type RatingRow,
  ratingCompanyEntity,
} from '~/contract/rating.ts';
import type { RatingDimension } from '~/domain/finance/rating.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Card } from '~/ui/card.tsx';
import { columnHelper, type DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { besideCss, noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { YearPicker as SharedYearPicker } from '~/ui/year-picker.tsx';
import { fetchRatingPage, ratingKeys, ratingShapeQuery, ratingSummaryQuery } from './api.ts';
import {
  BIN_LABELS,
  barChart,
  GRADE_COLOURS,
  GradeBadge,
  RatingDetail,
  rawText,
  scoreText,
} from './parts.tsx';
import { ratingFilters, type YearSearch } from './search.ts';

type Row = RatingRow & Record<string, unknown>;

/** The fiscal-year picker of the rating screens (Y focuses it). */
export const YearPicker = (props: {
  years: number[];
  year: number | undefined;
  onChange(year: number): void;
}) => <SharedYearPicker {...props} command={{ id: 'performance.year', group: 'ارزیابی عملکرد' }} />;

/**
 * The portfolio's rating for a fiscal year (/performance/evaluation/rating) and, with `dimension`,
 * one dimension of it (/performance/corporate-governance, /transparency, /ecomomic-strength,
 * /evaluation-managers): one screen, parameterised. The year picker (Y; default the newest year
 * with annual statements), a chart of the grades (or of the dimension's scores) with the same
 * figures in a table beside it, and the companies in the list workstation: score, grade and the
 * four dimensions' scores, or the dimension's score and each of its items (raw value and score);
 * filters by industry, ownership, supervising body and grade; sorted by score by default. Enter on
 * a row opens how every figure was made: each item's formula or measure and the statement items
 * it read.
 */
export function RatingScreen({ dimension, path }: { dimension?: RatingDimension; path: string }) {
  const search = useSearch({ strict: false }) as YearSearch;
  const navigate = useNavigate();
  const summaryQuery = toListQuery(search, ratingFilters);
  const summary = useQuery(ratingSummaryQuery(search.year, summaryQuery));
  const year = search.year ?? summary.data?.fiscal_year ?? undefined;
  const shape = useQuery({ ...ratingShapeQuery(year ?? 0), enabled: year !== undefined });
  const [open, setOpen] = useState<RatingRow | null>(null);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ to: path, search: { ...next, year: search.year }, replace: opts?.replace }),
    [navigate, path, search.year],
  );
  const setYear = (y: number) => navigate({ to: path, search: { ...search, year: y } });

  const items = useMemo(
    () => (shape.data?.data[0]?.items ?? []).filter((i) => !dimension || i.dimension === dimension),
    [shape.data, dimension],
  );
  const columns = useMemo<DataColumn<Row>[]>(() => {
    const col = columnHelper<Row>();
    const dimColumn = (d: RatingDimension) =>
      col.accessor((r) => r.by_dimension[d].score, {
        id: d,
        header: RATING_DIMENSION_LABELS_FA[d],
        size: 104,
        sortDescFirst: true,
        meta: { numeric: true, description: `امتیاز ${RATING_DIMENSION_LABELS_FA[d]} (۰ تا ۱۰۰)` },
        cell: (c) => scoreText(c.getValue() as number | null),
      }) as DataColumn<Row>;
    const base = entityColumns<(typeof ratingCompanyEntity)['fields'], Row>(ratingCompanyEntity);
    if (dimension) {
      return [
        ...base,
        dimColumn(dimension),
        ...items.flatMap((item) => [
          col.accessor((r) => r.items.find((i) => i.code === item.code)?.raw ?? null, {
            id: `raw_${item.code}`,
            header: item.name_fa,
            size: 120,
            enableSorting: false,
            meta: { numeric: true, description: `${item.name_fa}: مقدار` },
            cell: (c) => rawText(c.getValue() as number | null),
          }) as DataColumn<Row>,
          col.accessor((r) => r.items.find((i) => i.code === item.code)?.score ?? null, {
            id: `score_${item.code}`,
            header: 'امتیاز',
            size: 72,
            enableSorting: false,
            meta: { numeric: true, description: `${item.name_fa}: امتیاز (۰ تا ۱۰۰)` },
            cell: (c) => scoreText(c.getValue() as number | null),
          }) as DataColumn<Row>,
        ]),
      ];
    }
    return [
      ...base,
      col.accessor('score', {
        id: 'score',
        header: 'امتیاز',
        size: 84,
        sortDescFirst: true,
        meta: { numeric: true, description: 'امتیاز کل (۰ تا ۱۰۰)' },
        cell: (c) => scoreText(c.getValue() as number | null),
      }) as DataColumn<Row>,
      col.accessor('grade', {
        id: 'grade',
        header: 'رده',
        size: 120,
        cell: (c) => <GradeBadge row={c.row.original} />,
      }) as DataColumn<Row>,
      ...RATING_DIMENSIONS.map(dimColumn),
      col.accessor('coverage', {
        id: 'coverage',
        header: 'پوشش',
        size: 80,
        sortDescFirst: true,
        meta: { numeric: true, description: 'سهم وزن شاخص‌های دارای مقدار' },
        cell: (c) => formatPercent(c.getValue() as number, 0),
      }) as DataColumn<Row>,
    ];
  }, [dimension, items]);

  const fetchPage = useMemo(() => fetchRatingPage(year ?? 0, dimension), [year, dimension]);
  const title = dimension ? RATING_DIMENSION_LABELS_FA[dimension] : undefined;
  const s = summary.data;

  // The chart: grades (the rating) or the dimension's score bins.
  const chart = useMemo(() => {
    if (!s) return null;
    if (dimension) {
      const d = s.by_dimension[dimension];
      const data = BIN_LABELS.map((label, i) => ({ label, count: d.bins[i]! }));
      return { data, none: d.none, make: barChart(data, `امتیاز ${RATING_DIMENSION_LABELS_FA[dimension]}`) };
    }
    const data = [...s.bands.map((b) => b.grade), 'none'].map((g) => ({
      label: g === 'none' ? 'بی‌رده' : g,
      count: s.grades[g as keyof typeof s.grades] ?? 0,
      colour: GRADE_COLOURS[g],
    }));
    return { data, none: 0, make: barChart(data, 'رده') };
  }, [s, dimension]);

  return (
    <>
      <PageHeader
        title={title}
        description={
          dimension
            ? `امتیاز ${RATING_DIMENSION_LABELS_FA[dimension]} هر شرکت و شاخص‌های آن (مقدار و امتیاز)؛ Enter چگونگی محاسبه هر رقم را نشان می‌دهد.`
            : `${ratingCompanyEntity.intro}؛ Enter چگونگی محاسبه هر رقم را نشان می‌دهد.`
        }
        actions={<YearPicker years={s?.years ?? []} year={year} onChange={setYear} />}
      />
      <div className={css({ display: 'grid', gap: '4' })}>
        <Card title={dimension ? `توزیع امتیاز ${RATING_DIMENSION_LABELS_FA[dimension]}` : 'توزیع رده‌ها'}>
          {chart && s ? (
            <div className={besideCss}>
              <PlotFigure
                make={chart.make}
                alt={chart.data.map((d) => `${d.label}: ${formatNumber(d.count)}`).join('، ')}
                caption={
                  <>
                    {formatNumber(s.total)} شرکت در سال مالی {toPersianDigits(s.fiscal_year ?? 0)}
                    {chart.none > 0 && `؛ ${formatNumber(chart.none)} شرکت بی‌امتیاز`}. همین ارقام در جدول کنار
                    نمودار آمده است.
                  </>
                }
              />
              <div className={scrollCss}>
                <table
                  className={tableCss}
                  aria-label={dimension ? 'توزیع امتیاز' : 'تعداد شرکت‌ها در هر رده'}
                >
                  <thead>
                    <tr>
                      <th scope="col">{dimension ? 'بازه امتیاز' : 'رده'}</th>
                      {!dimension && <th scope="col">کف امتیاز</th>}
                      <th scope="col" className="num">
                        تعداد شرکت
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {dimension
                      ? chart.data.map((d) => (
                          <tr key={d.label}>
                            <th scope="row">{toPersianDigits(d.label)}</th>
                            <td className="num">{formatNumber(d.count)}</td>
                          </tr>
                        ))
                      : [
                          ...s.bands.map((b) => (
                            <tr key={b.grade}>
                              <th scope="row">
                                {b.grade} · {b.label_fa}
                              </th>
                              <td>{formatNumber(b.min_score)}</td>
                              <td className="num">{formatNumber(s.grades[b.grade as 'A'] ?? 0)}</td>
                            </tr>
                          )),
                          <tr key="none">
                            <th scope="row">محاسبه‌نشدنی</th>
                            <td>{EMPTY}</td>
                            <td className="num">{formatNumber(s.grades.none)}</td>
                          </tr>,
                        ]}
                    {dimension && chart.none > 0 && (
                      <tr>
                        <th scope="row">بی‌امتیاز</th>
                        <td className="num">{formatNumber(chart.none)}</td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </div>
          ) : (
            <p className={noteCss}>{summary.isError ? 'خلاصه رتبه‌بندی بارگیری نشد.' : 'در حال بارگیری…'}</p>
          )}
        </Card>
        {year !== undefined && (
          <DataTable
            id={dimension ? `rating-${dimension}` : 'rating'}
            label={
              dimension
                ? `امتیاز ${RATING_DIMENSION_LABELS_FA[dimension]} شرکت‌ها در سال ${toPersianDigits(year)}`
                : `رتبه‌بندی شرکت‌ها در سال ${toPersianDigits(year)}`
            }
            columns={columns}
            filters={ratingFilters}
            search={search}
            onSearchChange={onSearchChange}
            queryKey={[...ratingKeys.list(year), dimension ?? 'all']}
            fetchPage={fetchPage}
            getRowId={(r) => String(r.legal_person_id)}
            onOpen={(r) => setOpen(r)}
            searchPlaceholder={ratingCompanyEntity.search}
            emptyText={ratingCompanyEntity.emptyText!}
          />
        )}
      </div>
      <RatingDetail row={open} only={dimension} onClose={() => setOpen(null)} />
    </>
  );
}
