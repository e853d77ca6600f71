import * as Plot from '@observablehq/plot';
import { css } from 'styled-system/css';
import { RATING_DIMENSION_LABELS_FA, type RatedItemRow, type RatingRow } from '~/contract/rating.ts';
import { BUILTIN_CHART } from '~/domain/finance/chart.ts';
import { NOT_COMPUTABLE_LABELS_FA } from '~/domain/finance/line-items.ts';
import type { RatingDimension } from '~/domain/finance/rating.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';

/** The rating screens' shared pieces: chart colours and a bar chart, the grade badge, a company's detail. */

const codeCss = css({
  fontFamily: 'monospace',
  fontSize: '12px',
  direction: 'ltr',
  unicodeBidi: 'isolate',
  bg: 'subtle',
  px: '1',
  borderRadius: '3px',
  wordBreak: 'break-word',
});

/** Theme-neutral mark colours (the Plot SVG cannot read Panda tokens): the first colour and the grade scale. */
export const MARK = '#5d4037';
export const GRADE_COLOURS: Record<string, string> = {
  A: '#2e7d32',
  B: '#689f38',
  C: '#f9a825',
  D: '#ef6c00',
  E: '#c62828',
  none: '#9e9e9e',
};
export const PLOT_STYLE = { fontFamily: 'inherit', fontSize: '11px' } as const;

/** A score 0–100 with one decimal. */
export const scoreText = (v: number | null | undefined) =>
  v === null || v === undefined ? EMPTY : formatNumber(Math.round(v * 10) / 10);

/** A raw value in its own unit, to four significant decimals. */
export const rawText = (v: number | null | undefined) =>
  v === null || v === undefined
    ? EMPTY
    : formatNumber(Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 10_000) / 10_000);

/** The grade as a coloured badge, or «محاسبه‌نشدنی». */
export function GradeBadge({ row }: { row: Pick<RatingRow, 'grade' | 'label_fa' | 'message_fa'> }) {
  if (!row.grade)
    return (
      <Badge tone="neutral" title={row.message_fa ?? undefined}>
        محاسبه‌نشدنی
      </Badge>
    );
  const tone = row.grade === 'A' || row.grade === 'B' ? 'success' : row.grade === 'C' ? 'warning' : 'danger';
  return (
    <Badge tone={tone} title={row.label_fa ?? undefined}>
      {row.grade} · {row.label_fa}
    </Badge>
  );
}

/** Counts as a bar chart: one bar per label, in the order given. */
export function barChart(
  data: { label: string; count: number; colour?: string }[],
  xLabel: string,
  yLabel = 'تعداد شرکت',
) {
  return (width: number) =>
    Plot.plot({
      width,
      height: 220,
      marginLeft: 48,
      style: PLOT_STYLE,
      x: {
        label: xLabel,
        domain: data.map((d) => d.label),
        // In the chart's left-to-right SVG a bin reads «۰–۱۰» (words would reorder); narrow, by
        // its lower bound only, so that ten labels fit.
        tickFormat: (v: string) => toPersianDigits(width < 560 ? v.split(' ')[0]! : v.replace(' تا ', '–')),
      },
      y: { label: yLabel, grid: true, tickFormat: (v: number) => formatNumber(v) },
      marks: [
        Plot.barY(data, {
          x: 'label',
          y: 'count',
          fill: (d: (typeof data)[number]) => d.colour ?? MARK,
          title: (d: (typeof data)[number]) => `${toPersianDigits(d.label)}: ${formatNumber(d.count)}`,
        }),
        Plot.ruleY([0]),
      ],
    });
}

/** The ten score bins' labels: «۰ تا ۱۰» … «۹۰ تا ۱۰۰» (words, not a dash: the order reads the same both ways). */
export const BIN_LABELS = Array.from({ length: 10 }, (_, i) => `${i * 10} تا ${i * 10 + 10}`);

const CHART_NAMES = new Map(BUILTIN_CHART.map((c) => [c.code, c.nameFa]));

/** A reference a formula read, in Persian: `item.revenue` → «درآمد عملیاتی». */
export function referenceLabel(ref: string, item?: RatedItemRow): string {
  const [ns, code = ''] = ref.split('.', 2) as [string, string?];
  if (ns === 'item') return CHART_NAMES.get(code) ?? code;
  if (ns === 'measure')
    return item?.source.kind === 'measure' && item.source.code === code
      ? (item.source.name_fa ?? code)
      : `سنجه ${code}`;
  if (ns === 'formula') return `فرمول ${code}`;
  return ref;
}

/** How an item's raw value was made: the formula's text or the measure, and what it read. */
export function ItemHow({ item }: { item: RatedItemRow }) {
  const read = Object.entries(item.inputs);
  return (
    <div>
      {item.source.kind === 'formula' ? (
        <p className={css({ m: '0' })}>
          فرمول {item.source.name_fa ? `«${item.source.name_fa}»` : ''}:{' '}
          <code className={codeCss}>{item.source.text ?? item.source.code}</code>
        </p>
      ) : (
        <p className={css({ m: '0' })}>
          سنجه «{item.source.name_fa ?? item.source.code}»
          {item.source.unit_fa ? ` (${item.source.unit_fa})` : ''}
        </p>
      )}
      {read.length > 0 && (
        <p className={noteCss}>
          {item.source.kind === 'formula' ? 'ارقام خوانده‌شده: ' : 'مقدار ثبت‌شده: '}
          {read
            .map(
              ([ref, v]) =>
                `${referenceLabel(ref, item)} = ${formatNumber(v)}${ref.startsWith('item.') && ref !== 'item.employees' ? ' میلیون ریال' : ''}`,
            )
            .join('؛ ')}
        </p>
      )}
      {item.not_computable && (
        <p className={noteCss}>
          {NOT_COMPUTABLE_LABELS_FA[item.not_computable.reason]}:{' '}
          {item.not_computable.missing.map((m) => referenceLabel(m, item)).join('، ')}
        </p>
      )}
      <p className={noteCss}>
        امتیاز = ۱۰۰ × {item.scale.higher_is_better ? '(مقدار − کمینه)' : '(بیشینه − مقدار)'} ÷ (بیشینه −
        کمینه)، میان ۰ و ۱۰۰؛ کمینه {rawText(item.scale.min)} و بیشینه {rawText(item.scale.max)}
      </p>
    </div>
  );
}

/**
 * A company's rating item by item (Enter on a row): per dimension, each item's raw value, score,
 * weight and how it was made (the formula's text and the statement items it read, or the
 * measure); `only` limits it to one dimension.
 */
export function RatingDetail(props: { row: RatingRow | null; only?: RatingDimension; onClose(): void }) {
  const { row } = props;
  const dimensions = (Object.keys(RATING_DIMENSION_LABELS_FA) as RatingDimension[]).filter(
    (d) => !props.only || d === props.only,
  );
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && props.onClose()}
      size="lg"
      title={row ? `${row.company}، سال مالی ${toPersianDigits(row.fiscal_year)}` : ''}
      description={
        row &&
        (row.ok ? (
          <>
            امتیاز {scoreText(row.score)} از ۱۰۰، رده <GradeBadge row={row} />؛ پوشش وزن شاخص‌ها{' '}
            {formatPercent(row.coverage, 1)}. امتیاز کل میانگین وزنی امتیاز شاخص‌های دارای مقدار است.
          </>
        ) : (
          row.message_fa
        ))
      }
    >
      {row &&
        dimensions.map((d) => {
          const items = row.items.filter((i) => i.dimension === d);
          if (items.length === 0) return null;
          const dim = row.by_dimension[d];
          return (
            <div key={d} className={scrollCss}>
              <table className={tableCss}>
                <caption>
                  {RATING_DIMENSION_LABELS_FA[d]}: امتیاز {scoreText(dim.score)}، وزن{' '}
                  {formatNumber(dim.weight)}، پوشش {formatPercent(dim.weight_covered, 1)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">شاخص</th>
                    <th scope="col" className="num">
                      مقدار
                    </th>
                    <th scope="col" className="num">
                      امتیاز
                    </th>
                    <th scope="col" className="num">
                      وزن
                    </th>
                    <th scope="col">چگونه؟</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.code} data-item={item.code}>
                      <th scope="row">{item.name_fa}</th>
                      <td className="num">{rawText(item.raw)}</td>
                      <td className="num">{scoreText(item.score)}</td>
                      <td className="num">{formatNumber(item.weight)}</td>
                      <td>
                        <ItemHow item={item} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
    </Dialog>
  );
}
