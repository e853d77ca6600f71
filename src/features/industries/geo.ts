/**
 * The provinces' boundaries as the map draws them (data/iran-provinces.geojson, OpenStreetMap,
 * ODbL: see data/SOURCES.md). The file follows RFC 7946: a polygon's outer ring runs
 * counter-clockwise. d3-geo, which Observable Plot draws with, reads rings on the sphere and
 * takes a ring's inside to be on its right, so a counter-clockwise province would be drawn as
 * the whole world but that province (d3-geo's README, "Spherical Shapes"). `forD3` turns every
 * outer ring clockwise and every hole counter-clockwise.
 */

type Position = number[];
type Ring = Position[];
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export type ProvinceFeature = {
  type: 'Feature';
  properties: { iso: string; name_fa: string; name_en: string };
  geometry: Geometry;
};
export type ProvinceCollection = { type: 'FeatureCollection'; features: ProvinceFeature[] };

/** Twice the signed planar area of a ring (longitude as x, latitude as y): > 0 counter-clockwise. */
export function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** The polygon's outer ring clockwise, its holes counter-clockwise. */
function polygon(rings: Ring[]): Ring[] {
  return rings.map((ring, i) => {
    const clockwise = ringArea(ring) < 0;
    return clockwise === (i === 0) ? ring : [...ring].reverse();
  });
}

/** The collection with its rings wound as d3-geo reads them (a new object; the input is kept). */
export function forD3(c: ProvinceCollection): ProvinceCollection {
  return {
    ...c,
    features: c.features.map((f) => ({
      ...f,
      geometry:
        f.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: polygon(f.geometry.coordinates) }
          : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map(polygon) },
    })),
  };
}
