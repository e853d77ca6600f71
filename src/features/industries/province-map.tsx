import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import type { IndustryProvinces } from '~/contract/industries.ts';
import { besideCss, noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { formatNumber } from '~/ui/format.ts';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { provinceShapesQuery } from './api.ts';
import type { ProvinceFeature } from './geo.ts';

/** The map's colours: provinces without a company, and the ramp from one company to the most. */
const NONE = '#f3efeb';
const RAMP = ['#e8d5c4', '#5d4037'];
const BORDER = '#ffffff';

const attribution = css({ fontSize: '11px', color: 'muted', m: '0', mt: '1', '& a': { color: 'inherit' } });
const mapBox = css({
  display: 'grid',
  gap: '1',
  justifyItems: 'center',
  '& > figure': { width: '100%' },
  // Plot's own figure (the legend and the map) in the middle of the box
  '& [role=img]': { display: 'flex', justifyContent: 'center' },
});

/**
 * Where an industry group's companies are registered: the 31 provinces (OpenStreetMap
 * boundaries, data/iran-provinces.geojson) coloured by the number of companies (square-root
 * scale, so one crowded province does not wash out the rest; none in a pale neutral), with the
 * same figures in the table beside it and the attribution the ODbL asks for under the map.
 */
export function ProvinceMap({ data }: { data: IndustryProvinces }) {
  const shapes = useQuery(provinceShapesQuery);
  const byIso = useMemo(() => new Map(data.provinces.map((p) => [p.iso, p])), [data]);
  const held = data.provinces.filter((p) => p.companies > 0);
  const most = Math.max(1, ...held.map((p) => p.companies));
  const known = held.reduce((s, p) => s + p.companies, 0);
  const count = useCallback((f: ProvinceFeature) => byIso.get(f.properties.iso)?.companies ?? 0, [byIso]);
  const nameOf = useCallback(
    (f: ProvinceFeature) => byIso.get(f.properties.iso)?.name ?? f.properties.name_fa,
    [byIso],
  );

  const make = useCallback(
    (width: number) => {
      const c = shapes.data!;
      const occupied = { ...c, features: c.features.filter((f) => count(f) > 0) };
      return Plot.plot({
        width,
        style: { fontFamily: 'inherit', fontSize: '11px' },
        projection: { type: 'mercator', domain: c },
        color: {
          type: 'sqrt',
          domain: [0, most],
          range: RAMP,
          legend: held.length > 0,
          label: 'شرکت',
          ticks: Math.min(most, 5),
          tickFormat: (v: number) => (Number.isInteger(v) ? formatNumber(v) : ''),
        },
        marks: [
          Plot.geo(c, {
            fill: NONE,
            stroke: BORDER,
            strokeWidth: 0.8,
            title: (f: ProvinceFeature) => `${nameOf(f)}: بدون شرکت`,
          }),
          Plot.geo(occupied, {
            fill: count,
            stroke: BORDER,
            strokeWidth: 0.8,
            title: (f: ProvinceFeature) => `${nameOf(f)}: ${formatNumber(count(f))} شرکت`,
          }),
        ],
      });
    },
    [shapes.data, count, nameOf, most, held.length],
  );

  const alt = `پراکندگی ${formatNumber(data.companies)} شرکت در استان‌ها: ${
    held.map((p) => `${p.name} ${formatNumber(p.companies)}`).join('، ') || 'هیچ'
  }${data.without_province ? `؛ ${formatNumber(data.without_province)} بدون استان` : ''}`;
  const empty = data.provinces.length - held.length;

  return (
    <div className={besideCss}>
      <div className={mapBox}>
        {shapes.data ? (
          <PlotFigure
            make={make}
            maxWidth={560}
            alt={alt}
            captionAt="bottom"
            caption={
              held.length > 0
                ? 'رنگ هر استان: شمار شرکت‌های این صنعت که شهر ثبتشان در آن استان است (مقیاس جذری). همین ارقام در جدول کنار نقشه آمده است.'
                : 'هیچ شرکتی از این صنعت در استانی ثبت نشده است.'
            }
          />
        ) : shapes.isError ? (
          <p className={noteCss}>مرزهای استان‌ها بارگیری نشد؛ ارقام در جدول آمده است.</p>
        ) : (
          <SkeletonRows rows={6} columns={1} />
        )}
        <p className={attribution} dir="ltr">
          ©{' '}
          <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
            OpenStreetMap contributors
          </a>
        </p>
      </div>
      <div className={scrollCss}>
        <table className={tableCss} aria-label="شرکت‌ها به تفکیک استان">
          <thead>
            <tr>
              <th scope="col">استان</th>
              <th scope="col" className="num">
                شرکت
              </th>
            </tr>
          </thead>
          <tbody>
            {held.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td className="num">{formatNumber(p.companies)}</td>
              </tr>
            ))}
            {empty > 0 && (
              <tr>
                <th scope="row">{formatNumber(empty)} استان دیگر</th>
                <td className="num">{formatNumber(0)}</td>
              </tr>
            )}
            {data.without_province > 0 && (
              <tr>
                <th scope="row">بدون شهر ثبت</th>
                <td className="num">{formatNumber(data.without_province)}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">جمع</th>
              <td className="num">{formatNumber(known + data.without_province)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
