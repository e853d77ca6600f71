import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { provinces } from '../db/schema/index.ts';
import { bulkInsert, syncSequence } from './bulk.ts';

/**
 * Reference data shipped in `data/` (see data/SOURCES.md): the 31 provinces and 1,354 cities of
 * the Statistical Centre of Iran's divisions, TSETMC's 69 industry groups and the 849 companies
 * listed on the Tehran exchanges. Provinces, cities and industries are seeded into every new
 * database (SEED=demo and SEED=none alike); the listed companies only into the demo, where
 * `portfolio.ts` builds the state portfolio around them.
 */

const dataDir = new URL('../../../data/', import.meta.url);
const readData = (name: string) => readFileSync(new URL(name, dataDir), 'utf8');

export interface CityRecord {
  province: string;
  province_iso: string;
  province_en: string;
  county: string;
  county_code: string;
  city: string;
  city_code: string;
  lat: number;
  lon: number;
}

export interface ListedCompanyRecord {
  symbol: string;
  name: string;
  industry: string;
  sector_code: string;
  isin: string;
  market: string;
  tsetmc_inscode: string;
}

/**
 * Parses CSV text (RFC 4180: commas, double-quoted fields with "" escapes, CRLF or LF) into
 * objects keyed by the header row. Blank lines are skipped.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) records.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) records.push(row);
  const [header, ...body] = records;
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.replace(/^\uFEFF/, ''), r[i] ?? ''])));
}

/** The 1,354 cities of data/iran-cities.json (each with its province and county). */
export const readCities = (): CityRecord[] => JSON.parse(readData('iran-cities.json')) as CityRecord[];

/** The 69 TSETMC industry groups of data/tse-sectors.csv: `{ code, name }`. */
export const readSectors = () =>
  parseCsv(readData('tse-sectors.csv')).map((r) => ({ code: r.sector_code!, name: r.name! }));

/** The 849 listed companies of data/tse-companies.csv (normalised columns only). */
export const readListedCompanies = (): ListedCompanyRecord[] =>
  parseCsv(readData('tse-companies.csv')).map((r) => ({
    symbol: r.symbol!,
    name: r.name!,
    industry: r.industry ?? '',
    sector_code: r.sector_code ?? '',
    isin: r.isin!,
    market: r.market!,
    tsetmc_inscode: r.tsetmc_inscode ?? '',
  }));

/**
 * Seeds provinces (official 2-digit code = the number of their ISO 3166-2 code, IR-00..IR-30),
 * cities and industry groups, once: does nothing when provinces already exist.
 * Ids are assigned in file order (provinces by ISO code), so they are stable across databases.
 */
export async function seedReference(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(provinces);
  if ((row?.n ?? 0) > 0) return;
  const cities = readCities();
  const byIso = new Map<string, { id: number; code: string; iso: string; name: string; name_en: string }>();
  for (const c of [...cities].sort((a, b) => a.province_iso.localeCompare(b.province_iso))) {
    if (!byIso.has(c.province_iso)) {
      byIso.set(c.province_iso, {
        id: byIso.size + 1,
        code: c.province_iso.slice(3),
        iso: c.province_iso,
        name: c.province,
        name_en: c.province_en,
      });
    }
  }
  await bulkInsert(db, 'provinces', { id: 'int', code: 'text', iso: 'text', name: 'text', name_en: 'text' }, [
    ...byIso.values(),
  ]);
  await bulkInsert(
    db,
    'cities',
    {
      id: 'int',
      province_id: 'int',
      county: 'text',
      county_code: 'text',
      name: 'text',
      code: 'text',
      lat: 'float8',
      lon: 'float8',
    },
    cities.map((c, i) => ({
      id: i + 1,
      province_id: byIso.get(c.province_iso)!.id,
      county: c.county,
      county_code: c.county_code,
      name: c.city,
      code: c.city_code,
      lat: c.lat,
      lon: c.lon,
    })),
  );
  await bulkInsert(
    db,
    'industries',
    { id: 'int', code: 'text', name: 'text' },
    readSectors().map((s, i) => ({ id: i + 1, ...s })),
  );
  for (const t of ['provinces', 'cities', 'industries']) await syncSequence(db, t);
}
