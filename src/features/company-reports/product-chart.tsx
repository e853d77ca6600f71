import * as Plot from '@observablehq/plot';
import { useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import type { ProductReportRow } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatNumber } from '~/ui/format.ts';
import { panel } from './record-table.tsx';

/**
 * Planned against produced amounts per fiscal year, one small chart per product (units differ
 * between products, so they never share an axis), drawn with Observable Plot from the annual
 * rows. The table above holds the same numbers for keyboard and screen-reader users; the chart
 * is an image with a text alternative.
 */

const PLANNED = 'برنامه';
const PRODUCED = 'تولید';

const grid = css({ display: 'flex', flexWrap: 'wrap', gap: '4' });
const figure = css({
  m: 0,
  p: '3',
  '& figcaption': { fontSize: '13px', fontWeight: 600, mb: '2' },
  '& svg': { fontFamily: 'inherit', overflow: 'visible' },
});

interface Datum {
  year: string;
  series: string;
  value: number;
}

function ProductChart({ product, unit, data }: { product: string; unit: string; data: Datum[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = Plot.plot({
      width: 360,
      height: 220,
      marginLeft: 56,
      style: { fontFamily: 'inherit', fontSize: '11px' },
      x: { axis: null, domain: [PLANNED, PRODUCED] },
      fx: { label: null, tickFormat: (y: string) => toPersianDigits(y) },
      y: { grid: true, label: unit, tickFormat: (v: number) => formatNumber(v) },
      color: { domain: [PLANNED, PRODUCED], range: ['#bcaaa4', '#5d4037'], legend: true },
      marks: [
        Plot.barY(data, {
          fx: 'year',
          x: 'series',
          y: 'value',
          fill: 'series',
          title: (d: Datum) => `${d.series}: ${formatNumber(d.value)} ${unit}`,
        }),
        Plot.ruleY([0]),
      ],
    });
    ref.current?.replaceChildren(chart);
    return () => chart.remove();
  }, [data, unit]);
  const alt = data.map((d) => `${toPersianDigits(d.year)} ${d.series} ${formatNumber(d.value)}`).join('، ');
  return (
    <figure className={cx(panel, figure)}>
      <figcaption>
        {product} ({unit})
      </figcaption>
      <div
        ref={ref}
        role="img"
        aria-label={`برنامه و تولید ${product} به ${unit} در هر سال: ${alt}`}
        dir="ltr"
      />
    </figure>
  );
}

/** The charts of the annual product reports in `rows` (nothing when none has both amounts). */
export function ProductCharts({ rows }: { rows: readonly ProductReportRow[] }) {
  const products = useMemo(() => {
    const by = new Map<string, { unit: string; data: Datum[] }>();
    const annual = rows.filter((r) => r.period === 'annual').sort((a, b) => a.fiscal_year - b.fiscal_year);
    for (const r of annual) {
      if (r.planned === null && r.produced === null) continue;
      const key = `${r.product}|${r.unit}`;
      const entry = by.get(key) ?? { unit: r.unit, data: [] };
      const year = String(r.fiscal_year);
      entry.data.push({ year, series: PLANNED, value: Number(r.planned ?? 0) });
      entry.data.push({ year, series: PRODUCED, value: Number(r.produced ?? 0) });
      by.set(key, entry);
    }
    return [...by.entries()].map(([key, v]) => ({ product: key.split('|')[0]!, ...v }));
  }, [rows]);
  if (products.length === 0) return null;
  return (
    <section aria-label="نمودار برنامه و تولید سالانه" className={grid}>
      {products.map((p) => (
        <ProductChart key={`${p.product}|${p.unit}`} product={p.product} unit={p.unit} data={p.data} />
      ))}
    </section>
  );
}
