import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import type { EvaluationRow } from '~/contract/evaluation.ts';
import { DEA_MODEL_LABELS_FA, DEA_MODELS, type EfficiencyResult } from '~/contract/rating.ts';
import { Z_ZONE_LABELS_FA } from '~/domain/finance/altman.ts';
import { CALCULATIONS, type CalculationKey } from '~/domain/finance/evaluation.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { Badge } from '~/ui/badge.tsx';
import { Card } from '~/ui/card.tsx';
import { columnHelper, type DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { besideCss, noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { efficiencyQuery, fetchEvaluationPage, ratingSummaryQuery } from './api.ts';
import { MARK, PLOT_STYLE } from './parts.tsx';
import { YearPicker } from './rating-screen.tsx';
import { type EvaluationSearch, evaluationFilters } from './search.ts';

type Row = EvaluationRow & Record<string, unknown>;
type Computed = { ok: true; value: number } | { ok: false; missing: string[]; reason: string };

const RATIOS: [keyof EvaluationRow & string, CalculationKey, 'percent' | 'times'][] = [
  ['marginal_profit', 'marginal-profit', 'percent'],
  ['return_on_asset', 'return-on-asset', 'percent'],
  ['assets_turnover', 'assets-turnover', 'times'],
  ['financial_leverage', 'financial-leverage', 'times'],
  ['return_on_equity', 'return-on-equity', 'percent'],
];

const shown = (c: Computed, as: 'percent' | 'times') =>
  c.ok
    ? as === 'percent'
      ? formatPercent(c.value, 1)
      : formatNumber(Math.round(c.value * 100) / 100)
    : EMPTY;

const controls = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', mb: '3' });
const selectCss = css({
  h: '32px',
  px: '2',
  border: '1px solid token(colors.line.strong)',
  borderRadius: '4px',
  bg: 'surface',
  color: 'ink',
  maxW: '280px',
});
const labelCss = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: '13px' });

/**
 * /performance/evaluation: the portfolio's evaluation for a fiscal year. The five ratios, Altman's
 * Z (the fitting model and its zone) and article 141 of every company's annual statement (GET
 * /api/performance/evaluation, the statements list's filters), Enter opening the company's
 * evaluation with how each figure was made; and the efficiency of one industry's companies (DEA,
 * CCR or BCC): each company's score, its peers and targets, a chart of the scores with the table
 * beside it, and the companies left out with the reason. Y the year, I the industry, M the model.
 */
export function EvaluationScreen() {
  const search = useSearch({ from: '/performance/evaluation/' }) as EvaluationSearch;
  const navigate = useNavigate({ from: '/performance/evaluation/' });
  const summary = useQuery(ratingSummaryQuery(search.year, {}));
  const year = search.year ?? summary.data?.fiscal_year ?? undefined;
  const { year: keptYear, dea, model } = search;
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, year: keptYear, dea, model }, replace: opts?.replace }),
    [navigate, keptYear, dea, model],
  );
  const set = (patch: Partial<EvaluationSearch>) => navigate({ search: { ...search, ...patch } });

  const columns = useMemo<DataColumn<Row>[]>(() => {
    const col = columnHelper<Row>();
    return [
      col.accessor('company', {
        id: 'company',
        header: 'شرکت',
        size: 220,
        meta: { grow: 1 },
        cell: (c) => <span title={c.getValue() as string}>{c.getValue() as string}</span>,
      }) as DataColumn<Row>,
      col.accessor('ticker', {
        id: 'ticker',
        header: 'نماد',
        size: 80,
        enableSorting: false,
      }) as DataColumn<Row>,
      ...RATIOS.map(
        ([field, key, as]) =>
          col.accessor((r) => r[field] as Computed, {
            id: field,
            header: CALCULATIONS[key].nameFa,
            size: 112,
            enableSorting: false,
            meta: {
              numeric: true,
              description: `${CALCULATIONS[key].nameFa} = ${CALCULATIONS[key].formulaFa}`,
            },
            cell: (c) => shown(c.getValue() as Computed, as),
          }) as DataColumn<Row>,
      ),
      col.accessor((r) => r.z_altman, {
        id: 'z_altman',
        header: 'امتیاز Z',
        size: 120,
        enableSorting: false,
        meta: { numeric: true, description: CALCULATIONS['z-altman'].formulaFa },
        cell: (c) => {
          const z = c.row.original.z_altman.ok ? c.row.original.z_altman : c.row.original.z_double_prime;
          if (!z.ok) return EMPTY;
          const tone =
            z.value.zone === 'safe' ? 'success' : z.value.zone === 'distress' ? 'danger' : 'warning';
          return (
            <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
              {formatNumber(Math.round(z.value.value * 100) / 100)}
              <Badge tone={tone}>{Z_ZONE_LABELS_FA[z.value.zone]}</Badge>
            </span>
          );
        },
      }) as DataColumn<Row>,
      col.accessor((r) => r.article_141, {
        id: 'article_141',
        header: 'ماده ۱۴۱',
        size: 100,
        enableSorting: false,
        meta: { description: CALCULATIONS['article-141'].formulaFa },
        cell: (c) => {
          const a = c.row.original.article_141;
          return a.ok ? a.value.reached ? <Badge tone="danger">مشمول</Badge> : 'غیرمشمول' : EMPTY;
        },
      }) as DataColumn<Row>,
    ];
  }, []);
  const fetchPage = useMemo(() => fetchEvaluationPage(year ?? 0), [year]);

  return (
    <>
      <PageHeader
        description="نسبت‌های مالی، امتیاز Z آلتمن و ماده ۱۴۱ هر شرکت از صورت مالی سالانه، و کارایی نسبی شرکت‌های یک صنعت (تحلیل پوششی داده‌ها). Enter ارزیابی شرکت و چگونگی محاسبه هر رقم را باز می‌کند."
        actions={
          <YearPicker years={summary.data?.years ?? []} year={year} onChange={(y) => set({ year: y })} />
        }
      />
      <div className={css({ display: 'grid', gap: '4' })}>
        {year !== undefined && (
          <DataTable
            id="evaluation"
            label={`ارزیابی شرکت‌ها در سال ${toPersianDigits(year)}`}
            columns={columns}
            filters={evaluationFilters}
            search={search}
            onSearchChange={onSearchChange}
            queryKey={['financial_statement', 'evaluation', 'year', year]}
            fetchPage={fetchPage}
            getRowId={(r) => String(r.statement_id)}
            onOpen={(r) =>
              navigate({ to: '/performance/view/$id', params: { id: String(r.legal_person_id) } })
            }
            searchPlaceholder="نام شرکت یا نماد"
            emptyText="صورت مالی سالانه‌ای با این شرایط در این سال نیست"
          />
        )}
        {year !== undefined && (
          <Efficiency
            year={year}
            industry={search.dea}
            model={search.model ?? 'ccr'}
            onIndustry={(dea) => set({ dea })}
            onModel={(m) => set({ model: m === 'bcc' ? 'bcc' : undefined })}
          />
        )}
      </div>
    </>
  );
}

/** The efficiency section: industry and model pickers, the chart of scores and the table of units. */
function Efficiency(props: {
  year: number;
  industry: number | undefined;
  model: 'ccr' | 'bcc';
  onIndustry(id: number | undefined): void;
  onModel(model: 'ccr' | 'bcc'): void;
}) {
  const industryRef = useRef<HTMLSelectElement>(null);
  const industries = useQuery({
    queryKey: optionKey('industries'),
    queryFn: OPTION_LOADERS.industries,
    staleTime: 5 * 60_000,
  });
  const result = useQuery({
    ...efficiencyQuery({ industry_id: props.industry ?? 0, fiscal_year: props.year, model: props.model }),
    enabled: props.industry !== undefined,
  });
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'performance.efficiency.industry',
        title: 'کارایی: انتخاب صنعت',
        keywords: ['efficiency', 'dea', 'industry', 'کارایی', 'صنعت'],
        shortcut: 'KeyI',
        group: 'ارزیابی عملکرد',
        run: () => industryRef.current?.focus(),
      },
      {
        id: 'performance.efficiency.model',
        title: 'کارایی: تغییر مدل CCR / BCC',
        keywords: ['ccr', 'bcc', 'model', 'مدل'],
        shortcut: 'KeyM',
        group: 'ارزیابی عملکرد',
        run: () => props.onModel(props.model === 'ccr' ? 'bcc' : 'ccr'),
      },
    ],
    [props.model, props.onModel],
  );
  useRegisterCommands(commands);
  const r = result.data;
  return (
    <Card title="کارایی نسبی شرکت‌های یک صنعت (تحلیل پوششی داده‌ها)" id="efficiency">
      <div className={controls}>
        <label className={labelCss}>
          صنعت <Kbd binding="KeyI" />
          <select
            ref={industryRef}
            aria-keyshortcuts="I"
            className={selectCss}
            value={props.industry ?? ''}
            onChange={(e) => props.onIndustry(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">انتخاب صنعت…</option>
            {(industries.data ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className={labelCss}>
          مدل <Kbd binding="KeyM" />
          <select
            aria-keyshortcuts="M"
            className={selectCss}
            value={props.model}
            onChange={(e) => props.onModel(e.target.value === 'bcc' ? 'bcc' : 'ccr')}
          >
            {DEA_MODELS.map((m) => (
              <option key={m} value={m}>
                {DEA_MODEL_LABELS_FA[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={noteCss}>
        مدل ورودی‌محور: هر شرکت تا چه نسبتی می‌توانست همه ورودی‌هایش را کم کند و همان خروجی‌ها را داشته باشد، در
        مقایسه با مرز کارایی که شرکت‌های همان صنعت می‌سازند (CCR: چارنز، کوپر و رودز ۱۹۷۸؛ BCC: بنکر، چارنز و
        کوپر ۱۹۸۴). ورودی‌ها: جمع دارایی‌ها و تعداد کارکنان؛ خروجی‌ها: درآمد عملیاتی و سود عملیاتی. شرکت بی‌صورت
        مالی یا با رقم صفر یا منفی (مانند زیان عملیاتی) کنار گذاشته و دلیلش گفته می‌شود.
      </p>
      {props.industry === undefined ? (
        <p>
          صنعتی انتخاب کنید (<Kbd binding="KeyI" />) تا کارایی شرکت‌هایش در سال {toPersianDigits(props.year)}{' '}
          نشان داده شود.
        </p>
      ) : result.isPending ? (
        <p className={noteCss}>در حال محاسبه…</p>
      ) : result.error ? (
        <p>{result.error instanceof ApiError ? result.error.message : 'کارایی محاسبه نشد.'}</p>
      ) : r ? (
        <EfficiencyResultView r={r} />
      ) : null}
    </Card>
  );
}

function EfficiencyResultView({ r }: { r: EfficiencyResult }) {
  const sorted = useMemo(() => [...r.units].sort((a, b) => b.efficiency - a.efficiency), [r]);
  const make = useMemo(
    () => (width: number) =>
      Plot.plot({
        width,
        height: Math.max(120, sorted.length * 18 + 40),
        marginRight: 12,
        marginLeft: 160,
        style: PLOT_STYLE,
        x: {
          label: 'کارایی (٪)',
          domain: [0, 100],
          grid: true,
          tickFormat: (v: number) => toPersianDigits(v),
        },
        y: { label: null, domain: sorted.map((u) => u.company) },
        marks: [
          Plot.barX(sorted, {
            y: 'company',
            x: (u: (typeof sorted)[number]) => u.efficiency * 100,
            fill: (u: (typeof sorted)[number]) => (u.efficient ? '#2e7d32' : MARK),
            title: (u: (typeof sorted)[number]) => `${u.company}: ${formatPercent(u.efficiency, 1)}`,
          }),
          Plot.ruleX([0]),
        ],
      }),
    [sorted],
  );
  const inName = r.inputs.map((i) => `${i.name_fa} (${i.unit_fa})`);
  const outName = r.outputs.map((i) => `${i.name_fa} (${i.unit_fa})`);
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p className={noteCss}>
        {r.industry}، سال مالی {toPersianDigits(r.fiscal_year)}، {DEA_MODEL_LABELS_FA[r.model]}:{' '}
        {formatNumber(r.units.length)} شرکت تحلیل شد،{' '}
        {formatNumber(r.units.filter((u) => u.efficient).length)} شرکت کارا (سبز)؛{' '}
        {formatNumber(r.excluded.length)} شرکت کنار گذاشته شد.
      </p>
      {sorted.length > 0 && (
        <div className={besideCss}>
          <PlotFigure
            make={make}
            caption="کارایی هر شرکت (درصد)؛ همین ارقام در جدول زیر آمده است."
            alt={sorted.map((u) => `${u.company}: ${formatPercent(u.efficiency, 1)}`).join('، ')}
          />
          <div className={scrollCss}>
            <table className={tableCss} aria-label="ورودی‌ها و خروجی‌های تحلیل">
              <caption>داده‌های تحلیل</caption>
              <tbody>
                <tr>
                  <th scope="row">ورودی‌ها</th>
                  <td>{inName.join('، ')}</td>
                </tr>
                <tr>
                  <th scope="row">خروجی‌ها</th>
                  <td>{outName.join('، ')}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
      <div className={scrollCss}>
        <table className={tableCss} aria-label="کارایی، همتایان و مقادیر هدف هر شرکت">
          <thead>
            <tr>
              <th scope="col">شرکت</th>
              <th scope="col" className="num">
                کارایی
              </th>
              <th scope="col">همتایان (λ)</th>
              {r.inputs.map((i) => (
                <th
                  key={i.code}
                  scope="col"
                  className="num"
                  title={`${i.name_fa} (${i.unit_fa}): موجود ← هدف`}
                >
                  {i.name_fa}: موجود ← هدف
                </th>
              ))}
              {r.outputs.map((o) => (
                <th
                  key={o.code}
                  scope="col"
                  className="num"
                  title={`${o.name_fa} (${o.unit_fa}): موجود ← هدف`}
                >
                  {o.name_fa}: موجود ← هدف
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((u) => (
              <tr key={u.legal_person_id}>
                <th scope="row">{u.company}</th>
                <td className="num">
                  {formatPercent(u.efficiency, 1)} {u.efficient && <Badge tone="success">کارا</Badge>}
                </td>
                <td>
                  {u.efficient
                    ? 'خودش'
                    : u.peers
                        .map((p) => `${p.company} (${formatNumber(Math.round(p.lambda * 1000) / 1000)})`)
                        .join('، ')}
                </td>
                {u.values.inputs.map((v, i) => (
                  <td key={r.inputs[i]!.code} className="num">
                    {formatNumber(v)} ← {formatNumber(Math.round(u.targets.inputs[i]!))}
                  </td>
                ))}
                {u.values.outputs.map((v, i) => (
                  <td key={r.outputs[i]!.code} className="num">
                    {formatNumber(v)} ← {formatNumber(Math.round(u.targets.outputs[i]!))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.excluded.length > 0 && (
        <details>
          <summary>شرکت‌های کنار گذاشته ({formatNumber(r.excluded.length)})</summary>
          <ul>
            {r.excluded.map((x) => (
              <li key={x.legal_person_id}>
                {x.company}: {x.reason_fa}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
