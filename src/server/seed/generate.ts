import { sql } from 'drizzle-orm';
import {
  generateLegalId,
  generateMobile,
  generateNationalCode,
  generatePostalCode,
} from '../../domain/identifiers.ts';
import { legalSearchText, trueSearchText } from '../../domain/persian-text.ts';
import type { Rng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import type { BulkType } from './bulk.ts';
import { query } from './bulk.ts';
import * as W from './names.ts';

/**
 * Row generators shared by the demo portfolio (portfolio.ts) and the scale seed (scale.ts).
 * Every row is a plain object keyed by snake_case column names, ready for `bulkInsert`.
 * Amounts are IRR as decimal strings; dates ISO `YYYY-MM-DD`.
 */

export interface CityRef {
  id: number;
  name: string;
  provinceIso: string;
  provinceName: string;
}

/** What the generators need from the reference tables, plus the identifiers already taken. */
export interface SeedContext {
  cities: CityRef[];
  /** Cities of Tehran province (head offices cluster there). */
  tehranCities: CityRef[];
  industryIdByCode: Map<string, number>;
  usedLegalIds: Set<string>;
  usedNationalCodes: Set<string>;
  /** The day the data is generated for: creation times and board terms fall before it. */
  today: Date;
}

/** Reads cities, industries and the national ids/codes already in the database. */
export async function loadContext(db: Db): Promise<SeedContext> {
  const cities = await query<CityRef>(
    db,
    sql`SELECT c.id, c.name, p.iso AS "provinceIso", p.name AS "provinceName"
        FROM cities c JOIN provinces p ON p.id = c.province_id ORDER BY c.id`,
  );
  const industries = await query<{ id: number; code: string }>(db, sql`SELECT id, code FROM industries`);
  const legal = await query<{ v: string }>(
    db,
    sql`SELECT national_id AS v FROM legal_persons WHERE national_id IS NOT NULL`,
  );
  const codes = await query<{ v: string }>(
    db,
    sql`SELECT national_code AS v FROM true_persons WHERE national_code IS NOT NULL`,
  );
  return {
    cities,
    tehranCities: cities.filter((c) => c.provinceIso === 'IR-23'),
    industryIdByCode: new Map(industries.map((i) => [i.code, i.id])),
    usedLegalIds: new Set(legal.map((r) => r.v)),
    usedNationalCodes: new Set(codes.map((r) => r.v)),
    today: new Date(),
  };
}

/** Telephone area code of each province (by ISO code). */
// biome-ignore format: a table reads best packed
const AREA_CODES: Record<string, string> = {
  'IR-00': '086', 'IR-01': '013', 'IR-02': '011', 'IR-03': '041', 'IR-04': '044', 'IR-05': '083',
  'IR-06': '061', 'IR-07': '071', 'IR-08': '034', 'IR-09': '051', 'IR-10': '031', 'IR-11': '054',
  'IR-12': '087', 'IR-13': '081', 'IR-14': '038', 'IR-15': '066', 'IR-16': '084', 'IR-17': '074',
  'IR-18': '077', 'IR-19': '024', 'IR-20': '023', 'IR-21': '035', 'IR-22': '076', 'IR-23': '021',
  'IR-24': '045', 'IR-25': '025', 'IR-26': '028', 'IR-27': '017', 'IR-28': '058', 'IR-29': '056',
  'IR-30': '026',
};

export const phoneIn = (rng: Rng, city: CityRef) => (AREA_CODES[city.provinceIso] ?? '021') + rng.digits(8);

export const addressIn = (rng: Rng, city: CityRef) =>
  `${city.provinceName}، ${city.name}، خیابان ${rng.pick(W.STREETS)}، پلاک ${rng.int(1, 480)}`;

/** An ISO date between two years (inclusive), day 1–28 to stay valid in every month. */
export function isoDate(rng: Rng, fromYear: number, toYear: number): string {
  const y = rng.int(fromYear, toYear);
  return `${y}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

/** A number spread evenly on a log scale between `min` and `max`. */
export const logUniform = (rng: Rng, min: number, max: number) =>
  Math.round(Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min))));

/** A fresh legal national id (unique within the context). */
export function uniqueLegalId(rng: Rng, ctx: SeedContext): string {
  for (;;) {
    const id = generateLegalId(rng);
    if (!ctx.usedLegalIds.has(id)) {
      ctx.usedLegalIds.add(id);
      return id;
    }
  }
}

/** A fresh national code (unique within the context). */
export function uniqueNationalCode(rng: Rng, ctx: SeedContext): string {
  for (;;) {
    const code = generateNationalCode(rng);
    if (!ctx.usedNationalCodes.has(code)) {
      ctx.usedNationalCodes.add(code);
      return code;
    }
  }
}

/** The search_text builders live in domain/persian-text.ts (the edit calls use them too). */
export { legalSearchText, trueSearchText };

// biome-ignore format: a table reads best packed
export const LEGAL_COLUMNS: Record<string, BulkType> = {
  id: 'int', name: 'text', kind: 'text', national_id: 'text', registration_number: 'text',
  registration_date: 'date', registration_city_id: 'int', legal_form: 'text', economic_code: 'text',
  ownership_type: 'text', registered_capital: 'numeric', share_count: 'numeric',
  nominal_share_value: 'numeric', industry_id: 'int', supervising_body_id: 'int', is_listed: 'bool',
  ticker: 'text', isin: 'text', market: 'text', tsetmc_inscode: 'text', fiscal_year_end: 'text',
  auditor: 'text', status: 'text', address: 'text', postal_code: 'text', phone: 'text', website: 'text',
  employees: 'int', is_demo: 'bool', search_text: 'text', created_at: 'timestamptz',
};

// biome-ignore format: a table reads best packed
export const TRUE_COLUMNS: Record<string, BulkType> = {
  id: 'int', first_name: 'text', last_name: 'text', father_name: 'text', national_code: 'text',
  birth_certificate_number: 'text', birth_date: 'date', birth_city_id: 'int', gender: 'text',
  mobile: 'text', email: 'text', education_level: 'text', field_of_study: 'text', is_demo: 'bool',
  search_text: 'text', created_at: 'timestamptz',
};

export type Row = Record<string, unknown>;

/** A timestamp within the two years before `ctx.today`. */
export function createdAt(rng: Rng, ctx: SeedContext): string {
  return new Date(ctx.today.getTime() - rng.int(3600, 730 * 24 * 3600) * 1000).toISOString();
}

/**
 * The registry fields of a company (identifiers, capital, address ...). `capital` is IRR;
 * share_count = capital / nominal value (1,000 IRR).
 */
export function companyFields(
  rng: Rng,
  ctx: SeedContext,
  capital: bigint,
  opts: { headOffice?: boolean } = {},
) {
  const city = opts.headOffice || rng.chance(0.45) ? rng.pick(ctx.tehranCities) : rng.pick(ctx.cities);
  const nominal = 1000n;
  const nationalId = uniqueLegalId(rng, ctx);
  return {
    national_id: nationalId,
    registration_number: String(rng.int(1000, 650_000)),
    registration_date: isoDate(rng, 1965, 2022),
    registration_city_id: city.id,
    economic_code: `4111${rng.digits(8)}`,
    registered_capital: (capital - (capital % nominal)).toString(),
    share_count: (capital / nominal).toString(),
    nominal_share_value: nominal.toString(),
    fiscal_year_end: rng.chance(0.9) ? '12-29' : rng.pick(['06-31', '09-30', '03-31']),
    auditor: rng.pick(W.AUDITORS),
    address: addressIn(rng, city),
    postal_code: generatePostalCode(rng),
    phone: phoneIn(rng, city),
    created_at: createdAt(rng, ctx),
    is_demo: true,
  };
}

/** A capital in IRR, log-uniform between two powers of ten, rounded to millions. */
export function capitalBetween(rng: Rng, minExp: number, maxExp: number): bigint {
  const v = logUniform(rng, 10 ** minExp, 10 ** maxExp);
  return (BigInt(v) / 1_000_000n) * 1_000_000n || 1_000_000_000n;
}

/** A fictional company name and its industry id, e.g. «شرکت پتروشیمی زاگرس». */
export function companyName(rng: Rng, ctx: SeedContext, serial?: number) {
  const act = rng.pick(W.COMPANY_ACTIVITIES);
  const place = rng.chance(0.5) ? rng.pick(W.COMPANY_QUALIFIERS) : rng.pick(ctx.cities).name;
  const type = rng.pick(W.COMPANY_TYPES);
  const name = `${type} ${act.words} ${place}${serial ? ` ${serial}` : ''}`;
  return { name, industry_id: ctx.industryIdByCode.get(act.sector) ?? null };
}

/** A true person with a valid national code, Persian names, mobile, birth data and education. */
export function truePerson(rng: Rng, ctx: SeedContext, id: number): Row {
  const female = rng.chance(0.22);
  const first = rng.pick(female ? W.FEMALE_NAMES : W.MALE_NAMES);
  const last = rng.pick(W.LAST_NAMES);
  const code = uniqueNationalCode(rng, ctx);
  const birth = isoDate(rng, 1950, 1996);
  const level = rng.pick([2, 2, 3, 3, 3, 4, 4, 1, 0]);
  return {
    id,
    first_name: first,
    last_name: last,
    father_name: rng.pick(W.MALE_NAMES),
    national_code: code,
    birth_certificate_number: Number(birth.slice(0, 4)) >= 1989 ? code : String(rng.int(1, 9999)),
    birth_date: birth,
    birth_city_id: rng.pick(ctx.cities).id,
    gender: female ? 'female' : 'male',
    mobile: generateMobile(rng),
    email: rng.chance(0.6) ? `person${id}@mail.example` : null,
    education_level: W.EDUCATION_LEVELS[level],
    field_of_study: level >= 2 ? rng.pick(W.FIELDS_OF_STUDY) : null,
    is_demo: true,
    search_text: trueSearchText(first, last, code),
    created_at: createdAt(rng, ctx),
  };
}
