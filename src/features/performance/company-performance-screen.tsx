import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { EvaluationRow } from '~/contract/evaluation.ts';
import { Z_VARIANT_LABELS_FA, Z_VARIANTS, Z_ZONE_LABELS_FA, type ZVariant } from '~/domain/finance/altman.ts';
import { article141History } from '~/domain/finance/article141.ts';
import { CALCULATIONS, type CalculationKey } from '~/domain/finance/evaluation.ts';
import { INPUT_LABELS_FA, NOT_COMPUTABLE_LABELS_FA } from '~/domain/finance/line-items.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Badge } from '~/ui/badge.tsx';
import { Card } from '~/ui/card.tsx';
import { scrollCss, sectionsCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { companyEvaluationQuery } from './api.ts';

/**
 * /performance/view/{id}: one company's evaluation over its annual statements. Altman's Z by year
 * (the model its listing and industry call for; where that model cannot be computed, Z″ drawn
 * instead and said so) as a chart with the zones and, beside it, the same figures as a table the
 * keyboard reaches; the five ratios by year; article 141 by year with the first year of the
 * current run. Every figure opens (its row's «چگونه؟») to its formula and the statement items it
 * was computed from; every year links to its statement.
 */

type Computed =
  | { ok: true; value: number }
  | { ok: false; missing: string[]; reason: 'missing' | 'zero_denominator' };

const RATIOS: [keyof EvaluationRow & string, CalculationKey, 'percent' | 'times'][] = [
  ['marginal_profit', 'marginal-profit', 'percent'],
  ['return_on_asset', 'return-on-asset', 'percent'],
  ['assets_turnover', 'assets-turnover', 'times'],
  ['financial_leverage', 'financial-leverage', 'times'],
  ['return_on_equity', 'return-on-equity', 'percent'],
];

const why = (c: Computed) =>
  c.ok ? '' : `${NOT_COMPUTABLE_LABELS_FA[c.reason]}: ${c.missing.map((m) => label(m)).join('، ')}`;
const label = (code: string) => (INPUT_LABELS_FA as Record<string, string>)[code] ?? code;
const shown = (c: Computed, as: 'percent' | 'times') =>
  c.ok
    ? as === 'percent'
      ? formatPercent(c.value, 1)
      : formatNumber(Math.round(c.value * 100) / 100)
    : EMPTY;

/** The items a calculation read, as a sentence. */
function Inputs({ row, keys }: { row: EvaluationRow; keys: readonly string[] }) {
  return (
    <span>
      {keys
        .filter((k) => row.inputs[k] !== undefined)
        .map((k) => `${label(k)}: ${formatNumber(row.inputs[k]!)}`)
        .join('؛ ')}{' '}
      (میلیون ریال)
    </span>
  );
}

/** The Z to draw for a year: the fitting model's, or Z″ when that one is not computable. */
function drawnZ(row: EvaluationRow): { variant: ZVariant; value: number; zone: string } | null {
  for (const z of [row.z_altman, row.z_double_prime]) if (z.ok) return z.value;
  return null;
}

function ZChart({ rows }: { rows: EvaluationRow[] }) {
  const data = useMemo(
    () =>
      rows.flatMap((r) => {
        const z = drawnZ(r);
        return z ? [{ year: r.fiscal_year, value: z.value, variant: z.variant }] : [];
      }),
    [rows],
  );
  const variant = data[0]?.variant ?? 'z_double_prime';
  const make = useCallback(
    (width: number) => {
      const spec = Z_VARIANTS[variant];
      return Plot.plot({
        width,
        height: 260,
        marginLeft: 48,
        style: { fontFamily: 'inherit', fontSize: '11px' },
        x: { label: 'سال مالی', tickFormat: (y: number) => toPersianDigits(y), type: 'point' },
        y: { label: 'Z', grid: true, tickFormat: (v: number) => formatNumber(v) },
        marks: [
          Plot.ruleY([spec.safeAbove], { stroke: '#2e7d32', strokeDasharray: '4 3' }),
          Plot.ruleY([spec.distressBelow], { stroke: '#c62828', strokeDasharray: '4 3' }),
          Plot.line(data, { x: 'year', y: 'value', stroke: '#5d4037' }),
          Plot.dot(data, {
            x: 'year',
            y: 'value',
            fill: '#5d4037',
            title: (d: (typeof data)[number]) =>
              `${toPersianDigits(d.year)}: ${formatNumber(Math.round(d.value * 100) / 100)}`,
          }),
        ],
      });
    },
    [data, variant],
  );
  if (data.length === 0) return <p>برای هیچ سالی امتیاز Z محاسبه‌پذیر نیست.</p>;
  const alt = data
    .map((d) => `${toPersianDigits(d.year)}: ${formatNumber(Math.round(d.value * 100) / 100)}`)
    .join('، ');
  return (
    <PlotFigure
      make={make}
      alt={`امتیاز Z به تفکیک سال: ${alt}`}
      caption={
        <>
          {Z_VARIANT_LABELS_FA[variant]}؛ خط‌چین سبز مرز ناحیه امن (
          {formatNumber(Z_VARIANTS[variant].safeAbove)}
          )، خط‌چین قرمز مرز درماندگی ({formatNumber(Z_VARIANTS[variant].distressBelow)}). همین ارقام در جدول
          کنار نمودار آمده است.
        </>
      }
    />
  );
}

export function CompanyPerformanceScreen() {
  const { id: raw } = useParams({ from: '/performance/view/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(companyEvaluationQuery(id));
  const forbidden = useForbiddenAnswer(query.error);
  const rows = useMemo(
    () => [...(query.data?.data ?? [])].sort((a, b) => a.fiscal_year - b.fiscal_year),
    [query.data],
  );
  const a141 = useMemo(
    () => article141History(rows.map((r) => ({ fiscalYear: r.fiscal_year, items: r.inputs }))),
    [rows],
  );
  const company = { to: `/person/legal-persons/view/${id}`, label: rows[0]?.company };
  if (!query.data) {
    return (
      <>
        <PageHeader
          title="ارزیابی عملکرد"
          parent={company}
          description={
            query.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : query.error instanceof ApiError
                  ? query.error.message
                  : 'ارزیابی بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {query.isPending && <SkeletonRows rows={8} columns={6} />}
      </>
    );
  }
  if (rows.length === 0)
    return (
      <PageHeader title="ارزیابی عملکرد" parent={company} description="این شرکت صورت مالی سالانه‌ای ندارد." />
    );
  const name = rows[0]!.company;
  const chosen = rows.at(-1)!.z_variant;
  return (
    <>
      <PageHeader
        title={`ارزیابی عملکرد ${name}`}
        parent={company}
        description={
          <>
            مدل Z متناسب با این شرکت: {Z_VARIANT_LABELS_FA[chosen]}. ارقام از صورت‌های مالی سالانه و به میلیون
            ریال.
          </>
        }
      />
      <div className={sectionsCss}>
        <Card title="امتیاز Z آلتمن" id="z">
          <ZChart rows={rows} />
          <div className={scrollCss}>
            <table className={tableCss} aria-label="امتیاز Z آلتمن به تفکیک سال">
              <thead>
                <tr>
                  <th scope="col">سال مالی</th>
                  <th scope="col">مدل</th>
                  <th scope="col">امتیاز</th>
                  <th scope="col">ناحیه</th>
                  <th scope="col">Z″ (مقایسه)</th>
                  <th scope="col">چگونه؟</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const z = r.z_altman;
                  const drawn = drawnZ(r);
                  return (
                    <tr key={r.statement_id}>
                      <th scope="row">
                        <Link
                          to="/performance/financial-statement/view/$id"
                          params={{ id: String(r.statement_id) }}
                        >
                          {toPersianDigits(r.fiscal_year)}
                        </Link>
                      </th>
                      <td>{Z_VARIANT_LABELS_FA[r.z_variant].replace(/^امتیاز /, '')}</td>
                      <td className="num">
                        {z.ok ? formatNumber(Math.round(z.value.value * 1000) / 1000) : EMPTY}
                      </td>
                      <td>
                        {drawn ? (
                          <Badge
                            tone={
                              drawn.zone === 'safe'
                                ? 'success'
                                : drawn.zone === 'distress'
                                  ? 'danger'
                                  : 'warning'
                            }
                          >
                            {Z_ZONE_LABELS_FA[drawn.zone as keyof typeof Z_ZONE_LABELS_FA]}
                            {!z.ok && ' (″Z)'}
                          </Badge>
                        ) : (
                          EMPTY
                        )}
                      </td>
                      <td className="num">
                        {r.z_double_prime.ok
                          ? formatNumber(Math.round(r.z_double_prime.value.value * 1000) / 1000)
                          : EMPTY}
                      </td>
                      <td>
                        <details>
                          <summary>چگونه؟</summary>
                          <p>{CALCULATIONS['z-altman'].formulaFa}</p>
                          {!z.ok && <p>{why(z as Computed)}</p>}
                          <Inputs row={r} keys={CALCULATIONS['z-altman'].items} />
                        </details>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
        <Card title="نسبت‌های مالی" id="ratios">
          <div className={scrollCss}>
            <table className={tableCss} aria-label="نسبت‌های مالی به تفکیک سال">
              <thead>
                <tr>
                  <th scope="col">سال مالی</th>
                  {RATIOS.map(([, key]) => (
                    <th key={key} scope="col" title={CALCULATIONS[key].formulaFa}>
                      {CALCULATIONS[key].nameFa}
                    </th>
                  ))}
                  <th scope="col">چگونه؟</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.statement_id}>
                    <th scope="row">{toPersianDigits(r.fiscal_year)}</th>
                    {RATIOS.map(([field, key, as]) => {
                      const c = r[field] as Computed;
                      return (
                        <td key={key} className="num" title={c.ok ? undefined : why(c)}>
                          {shown(c, as)}
                        </td>
                      );
                    })}
                    <td>
                      <details>
                        <summary>چگونه؟</summary>
                        <ul>
                          {RATIOS.map(([, key]) => (
                            <li key={key}>
                              {CALCULATIONS[key].nameFa} = {CALCULATIONS[key].formulaFa}
                            </li>
                          ))}
                        </ul>
                        <Inputs row={r} keys={['net_profit', 'revenue', 'total_assets', 'total_equity']} />
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <Card title="ماده ۱۴۱ قانون تجارت" id="article-141">
          <p>
            {a141.firstReached !== null
              ? `زیان انباشته از سال مالی ${toPersianDigits(a141.firstReached)} تاکنون دست‌کم نصف سرمایه است.`
              : 'در آخرین سال مالی مشمول ماده ۱۴۱ نیست.'}{' '}
            ({CALCULATIONS['article-141'].formulaFa})
          </p>
          <div className={scrollCss}>
            <table className={tableCss} aria-label="ماده ۱۴۱ به تفکیک سال">
              <thead>
                <tr>
                  <th scope="col">سال مالی</th>
                  <th scope="col">زیان انباشته</th>
                  <th scope="col">سرمایه</th>
                  <th scope="col">نسبت</th>
                  <th scope="col">وضعیت</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const a = r.article_141;
                  return (
                    <tr key={r.statement_id}>
                      <th scope="row">{toPersianDigits(r.fiscal_year)}</th>
                      <td className="num">{a.ok ? formatNumber(a.value.accumulatedLoss) : EMPTY}</td>
                      <td className="num">{a.ok ? formatNumber(a.value.capital) : EMPTY}</td>
                      <td className="num">{a.ok ? formatPercent(a.value.ratio, 1) : EMPTY}</td>
                      <td>
                        {a.ok ? (
                          a.value.reached ? (
                            <Badge tone="danger">مشمول</Badge>
                          ) : (
                            'غیرمشمول'
                          )
                        ) : (
                          why(a as Computed)
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
