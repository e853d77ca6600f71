import * as Plot from '@observablehq/plot';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Card } from '~/ui/card.tsx';
import { besideCss, scrollCss, sectionsCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { FilterBar, PLOT_STYLE, shortName } from './parts.tsx';
import type { PortfolioSearch } from './search.ts';

/**
 * What the two screens of the reports companies keep (product reports, production capacity)
 * share: the page (header, filter bar, the cards or a line when there is nothing), tables of
 * figures, the totals per product and unit with their «چگونه؟», a bar per company or product, and
 * the cell that links a company's own reports.
 */

/** A quantity (decimal string in its unit) in Persian digits. */
export const qty = (v: string | null) => (v === null ? EMPTY : formatNumber(v));

/** A header cell of numbers (end-aligned); a plain string is a start-aligned one. */
export const num = (label: string) => ({ num: label });
type Column = string | { num: string };

/** A table of figures in its sideways-scrolling box: `columns` head it, `children` are its rows. */
export function FigureTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <div className={scrollCss}>
      <table className={tableCss} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.num} scope="col" className="num">
                  {c.num}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The page: header, filter bar (with `filters` after the company filters), then the cards or `empty`. */
export function ReportsPage<S extends PortfolioSearch>({
  title,
  description,
  search,
  years,
  onChange,
  filters,
  empty,
  children,
}: {
  title: string;
  description: string;
  search: S;
  years: readonly number[];
  onChange(next: Partial<S>): void;
  filters?: ReactNode;
  /** What to say instead of the cards when the year has no rows; null when it has some. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <FilterBar search={search} years={years} onChange={onChange}>
        {filters}
      </FilterBar>
      {empty !== null ? <p>{empty}</p> : <div className={sectionsCss}>{children}</div>}
    </>
  );
}

type Totals = { product: string; unit: string; companies: number };
type Part = { product: string; unit: string };

/**
 * «جمع به تفکیک محصول»: per product and unit its companies and `columns` (numbers, `cells` of a
 * row), each with a «چگونه؟» of `formula` and the rows it summed (`from` then each `part`).
 */
export function ProductTotalsCard<T extends Totals, R extends Part>(props: {
  label: string;
  columns: readonly string[];
  totals: readonly T[];
  cells(t: T): readonly ReactNode[];
  formula: string;
  from: string;
  rows: readonly R[];
  part(r: R): string;
}) {
  return (
    <Card title="جمع به تفکیک محصول">
      <FigureTable
        label={props.label}
        columns={['محصول', 'واحد', num('شرکت'), ...props.columns.map(num), 'چگونه؟']}
      >
        {props.totals.map((t) => (
          <tr key={`${t.product}|${t.unit}`}>
            <th scope="row">{t.product}</th>
            <td>{t.unit}</td>
            <td className="num">{formatNumber(t.companies)}</td>
            {props.cells(t).map((cell, i) => (
              <td key={props.columns[i]} className="num">
                {cell}
              </td>
            ))}
            <td>
              <How>
                <p>{props.formula}</p>
                <p>
                  {props.from}{' '}
                  {props.rows
                    .filter((r) => r.product === t.product && r.unit === t.unit)
                    .map(props.part)
                    .join('، ')}
                </p>
              </How>
            </td>
          </tr>
        ))}
      </FigureTable>
    </Card>
  );
}

/** A card with a chart and, beside it, the table of the same figures. */
export function ChartAndTableCard({
  title,
  chart,
  children,
}: {
  title: string;
  chart: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <div className={besideCss}>
        {chart}
        {children}
      </div>
    </Card>
  );
}

/**
 * One horizontal bar per name (`data` in the order drawn), `rowHeight` px a bar, names shortened
 * on the axis; `marks` are drawn over the bars.
 */
export function NameBars<D extends { name: string; value: number }>(props: {
  data: readonly D[];
  alt: string;
  caption: string;
  rowHeight: number;
  marginLeft: number;
  xLabel: string;
  tickFormat(v: number): string;
  fill(d: D): string;
  title(d: D): string;
  marks?: Plot.Markish[];
}) {
  const { data } = props;
  return (
    <PlotFigure
      captionAt="bottom"
      maxWidth={760}
      alt={props.alt}
      caption={props.caption}
      make={(width) =>
        Plot.plot({
          width,
          height: Math.max(120, data.length * props.rowHeight + 50),
          marginLeft: props.marginLeft,
          style: PLOT_STYLE,
          x: { label: props.xLabel, grid: true, tickFormat: props.tickFormat },
          y: { label: null, domain: data.map((d) => d.name), tickFormat: shortName },
          marks: [
            Plot.barX(data, { y: 'name', x: 'value', fill: props.fill, title: props.title }),
            Plot.ruleX([0]),
            ...(props.marks ?? []),
          ],
        })
      }
    />
  );
}

/** A row's head cell: the company's name, opening its own product reports or production capacities. */
export function CompanyCell({
  to,
  id,
  name,
}: {
  to: '/person/legal-persons/product-reports/$id' | '/person/legal-persons/production-capacity/$id';
  id: number;
  name: string;
}) {
  return (
    <th scope="row">
      <Link to={to} params={{ id: String(id) }}>
        {name}
      </Link>
    </th>
  );
}
