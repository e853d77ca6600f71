import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forD3, type ProvinceCollection, ringArea } from './geo.ts';

const provinces = JSON.parse(readFileSync('data/iran-provinces.geojson', 'utf8')) as ProvinceCollection;
const polygonsOf = (c: ProvinceCollection) =>
  c.features.flatMap((f) =>
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  );

describe('forD3', () => {
  it('turns the 31 provinces’ outer rings, published counter-clockwise, clockwise', () => {
    expect(provinces.features).toHaveLength(31);
    // as published (RFC 7946): d3-geo would read each as the world but the province
    expect(polygonsOf(provinces).every((p) => ringArea(p[0]!) > 0)).toBe(true);
    const wound = forD3(provinces);
    const polygons = polygonsOf(wound);
    expect(polygons.every((p) => ringArea(p[0]!) < 0)).toBe(true);
    expect(polygons.every((p) => p.slice(1).every((hole) => ringArea(hole) > 0))).toBe(true);
    // the same points, only their order
    expect(wound.features.map((f) => f.properties.iso)).toEqual(
      provinces.features.map((f) => f.properties.iso),
    );
    expect(polygonsOf(wound)[0]![0]!.slice().reverse()).toEqual(polygonsOf(provinces)[0]![0]);
  });

  it('winds an outer ring clockwise and a hole counter-clockwise, whichever way they came', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const hole = [
      [0.2, 0.2],
      [0.2, 0.4],
      [0.4, 0.4],
      [0.4, 0.2],
      [0.2, 0.2],
    ];
    const c = forD3({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { iso: 'X', name_fa: 'x', name_en: 'x' },
          geometry: { type: 'MultiPolygon', coordinates: [[square, hole]] },
        },
      ],
    });
    const g = c.features[0]!.geometry;
    if (g.type !== 'MultiPolygon') throw new Error('kept its type');
    expect(ringArea(g.coordinates[0]![0]!)).toBeLessThan(0);
    expect(ringArea(g.coordinates[0]![1]!)).toBeGreaterThan(0);
    // already clockwise: kept as it is
    expect(forD3(c).features[0]!.geometry).toEqual(g);
  });
});
