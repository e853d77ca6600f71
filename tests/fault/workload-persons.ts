import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEGAL_FORMS,
  LEGAL_KINDS,
  LEGAL_STATUSES,
  type LegalPersonInput,
  legalPersonInput,
  OWNERSHIP_TYPES,
} from '../../src/contract/legal-person.ts';
import { generateLegalId, generatePostalCode } from '../../src/domain/identifiers.ts';
import { normalizePersian, toPersianDigits } from '../../src/domain/persian-text.ts';
import type { Rng } from '../../src/domain/random.ts';
import type { ApiClient } from '../support/api-client.ts';
import {
  type AuditRow,
  compareAudits,
  diff,
  type FaultRun,
  newVerdict,
  type Snapshot,
  sleep,
  type Verdict,
  type Write,
} from './fault-kit.ts';

/**
 * Legal persons created and edited through the form's API (POST / PUT /api/person/legal-persons),
 * every field of the form filled at random, and the book of every legal person the run tried to
 * create (the bulk and import workloads add theirs). The check reads each record back with all
 * its columns and each write's audit row (by its rid): the record must hold exactly the values of
 * its last committed write, its version must count its committed writes, every acknowledged write
 * must have its audit row with exactly what was sent (before and after), and nothing refused or
 * never sent may be there.
 */

export type LegalValues = z.output<typeof legalPersonInput>;

/** The name every legal person of the run starts with (stored normalised). */
export const PERSON_PREFIX = normalizePersian('آزمون پایداری');

/** Rows a legal person may point to: cities, industries, supervising bodies (seeded, never deleted). */
export interface LegalRefs {
  cityIds: number[];
  industryIds: number[];
  bodyIds: number[];
}

const maybe = <T>(rng: Rng, p: number, make: () => T): T | null => (rng.chance(p) ? make() : null);
const jalali = (rng: Rng, from: number, to: number) => {
  const d = `${rng.int(from, to)}/${String(rng.int(1, 12)).padStart(2, '0')}/${String(rng.int(1, 29)).padStart(2, '0')}`;
  // Half typed with Persian digits, as people do: the API stores ISO dates either way.
  return rng.chance(0.5) ? toPersianDigits(d) : d;
};
const amount = (rng: Rng) => `${rng.int(1, 9)}${rng.digits(rng.int(3, 20))}`;

/**
 * A legal person with every field of the form given a random value (some left empty); with
 * `refs` null the fields that pick a row (city, industry, supervising body) stay empty (imports).
 */
export function randomLegal(
  rng: Rng,
  name: string,
  nationalId: string,
  refs: LegalRefs | null,
): LegalPersonInput {
  return {
    name,
    kind: rng.pick(LEGAL_KINDS),
    national_id: nationalId,
    registration_number: maybe(rng, 0.7, () => rng.digits(rng.int(3, 8))),
    registration_date: maybe(rng, 0.7, () => jalali(rng, 1330, 1402)),
    registration_city_id: refs ? maybe(rng, 0.7, () => rng.pick(refs.cityIds)) : null,
    legal_form: maybe(rng, 0.7, () => rng.pick(LEGAL_FORMS)),
    economic_code: maybe(rng, 0.5, () => rng.digits(12)),
    ownership_type: maybe(rng, 0.7, () => rng.pick(OWNERSHIP_TYPES)),
    // Amounts beyond 2^53: numeric in the database, strings in the API.
    registered_capital: maybe(rng, 0.8, () => amount(rng)),
    share_count: maybe(rng, 0.6, () => amount(rng)),
    nominal_share_value: maybe(rng, 0.6, () => String(rng.int(100, 10_000))),
    industry_id: refs ? maybe(rng, 0.7, () => rng.pick(refs.industryIds)) : null,
    supervising_body_id: refs ? maybe(rng, 0.4, () => rng.pick(refs.bodyIds)) : null,
    is_listed: rng.chance(0.3),
    ticker: maybe(rng, 0.3, () => `نماد${rng.int(1, 999)}`),
    status: rng.pick(LEGAL_STATUSES),
    address: maybe(rng, 0.6, () => `تهران، خیابان ${rng.int(1, 300)}، پلاک ${rng.int(1, 90)}`),
    postal_code: maybe(rng, 0.5, () => generatePostalCode(rng)),
    phone: maybe(rng, 0.5, () => `021${rng.digits(8)}`),
    website: maybe(rng, 0.3, () => `https://co${rng.int(1, 99_999)}.example.ir`),
    employees: maybe(rng, 0.8, () => String(rng.int(0, 250_000))),
  };
}

/** One write on a legal person and the values it sent, as the API's schema reads them. */
export interface PersonStep {
  write: Write;
  values: LegalValues;
}

/** A legal person the run tried to create, and every write sent on it, in order. */
export interface PersonTrack {
  nationalId: string;
  source: 'form' | 'bulk' | 'import';
  /** From the create's answer (null when it never came). */
  id: number | null;
  steps: PersonStep[];
  /** The version the last acknowledged write answered. */
  version: number;
}

/** Every legal person the run tried to create, by national id. */
export class PersonBook {
  readonly tracks = new Map<string, PersonTrack>();
  private readonly used = new Set<string>();

  /** A national id no other write of the run has used. */
  freshNationalId(rng: Rng): string {
    for (;;) {
      const id = generateLegalId(rng);
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  add(track: PersonTrack) {
    this.tracks.set(track.nationalId, track);
    return track;
  }
}

/**
 * Creates a legal person through the form's API and books it; answers the track (its id known
 * only when acknowledged).
 */
export async function createLegal(
  run: FaultRun,
  c: ApiClient,
  book: PersonBook,
  rng: Rng,
  name: string,
  refs: LegalRefs,
  source: 'form' | 'bulk',
): Promise<PersonTrack> {
  const nationalId = book.freshNationalId(rng);
  const body = randomLegal(rng, name, nationalId, refs);
  const values = legalPersonInput.parse(body);
  const w = await run.write(c, 'person.create', 'POST', '/api/person/legal-persons', { json: body });
  return book.add({
    nationalId,
    source,
    id: w.outcome === 'acked' ? w.answer.data.id : null,
    steps: [{ write: w, values }],
    version: w.outcome === 'acked' ? w.answer.data.version : 0,
  });
}

/** One worker creating legal persons and editing its own (every field anew, with the version read). */
export async function personsWorker(
  run: FaultRun,
  c: ApiClient,
  name: string,
  book: PersonBook,
  refs: LegalRefs,
) {
  const rng = run.rng(name);
  const mine: PersonTrack[] = [];
  let n = 0;
  while (run.writing) {
    let w: Write;
    if (mine.length === 0 || rng.chance(0.4)) {
      const t = await createLegal(run, c, book, rng, `${PERSON_PREFIX} ${name}-${++n}`, refs, 'form');
      w = t.steps[0]!.write;
      if (w.outcome === 'acked') mine.push(t);
    } else {
      const t = rng.pick(mine);
      const body = randomLegal(rng, `${PERSON_PREFIX} ${name}-${++n}`, t.nationalId, refs);
      const values = legalPersonInput.parse(body);
      w = await run.write(c, 'person.edit', 'PUT', `/api/person/legal-persons/${t.id}`, {
        json: { ...body, version: t.version },
      });
      t.steps.push({ write: w, values });
      if (w.outcome === 'acked') t.version = w.answer.data.version;
      else if (w.status === 409) {
        // An earlier edit whose answer was lost did commit: carry on from the version now stored.
        const fresh = await run.read(c, `/api/person/legal-persons/${t.id}`);
        if (fresh?.status === 200) t.version = fresh.body.data.version;
      }
    }
    if (w.outcome !== 'acked') await sleep(300);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading back

export interface LegalRow extends LegalValues {
  id: number;
  version: number;
  is_demo: boolean;
  /** deleted_at in ms since the epoch, or null. */
  deleted_ms: number | null;
}

/** Every legal person whose name starts with the run's prefix, all columns under the API's names. */
export async function legalRows(snap: Snapshot): Promise<Map<string, LegalRow>> {
  const rows = await snap.q<LegalRow>(
    sql`SELECT id, name, kind, national_id, registration_number, registration_date::text AS registration_date,
          registration_city_id, legal_form, economic_code, ownership_type,
          registered_capital::text AS registered_capital, share_count::text AS share_count,
          nominal_share_value::text AS nominal_share_value, industry_id, supervising_body_id, is_listed, ticker,
          status, address, postal_code, phone, website, employees, version, is_demo,
          round(extract(epoch FROM deleted_at) * 1000)::float8 AS deleted_ms
        FROM legal_persons WHERE name LIKE ${`${PERSON_PREFIX}%`} ORDER BY id`,
  );
  return new Map(rows.map((r) => [r.national_id!, r]));
}

/** The form's fields of a row (what a write's values are compared with). */
const fieldsOf = (row: LegalRow) => {
  const { id: _i, version: _v, is_demo: _d, deleted_ms: _m, ...fields } = row;
  return fields;
};

/**
 * Checks one legal person against its writes. `auditsOf(step)` answers the audit rows that
 * step's write left for this record. Findings go to the verdict of the step's kind.
 */
export function checkPerson(
  t: PersonTrack,
  row: LegalRow | undefined,
  auditsOf: (step: PersonStep) => AuditRow[],
  verdictOf: (kind: string) => Verdict,
) {
  const who = `legal person ${t.nationalId} (${t.source}${t.id ? `, id ${t.id}` : ''})`;
  const id = row?.id ?? t.id;
  let before: LegalValues | null = null;
  let last: PersonStep | null = null;
  let lastCounted = false;
  let committed = 0;
  for (const [i, step] of t.steps.entries()) {
    const w = step.write;
    const v = verdictOf(w.kind);
    const audits = auditsOf(step);
    const tag = `${who}: ${i === 0 ? 'create' : `edit ${i}`} [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
    if (w.outcome === 'acked') v.acked++;
    if (audits.length === 0) {
      if (w.outcome === 'acked') v.lost.push(`${tag}: acknowledged, but no audit row of it is there`);
      else if (w.outcome === 'unsure') v.unsureAbsent++;
      continue;
    }
    if (w.outcome === 'refused' || w.outcome === 'not_sent') {
      v.half.push(
        `${tag}: ${w.outcome === 'refused' ? 'refused' : 'never sent'}, yet its audit row is there`,
      );
      continue;
    }
    const expected = [
      i === 0
        ? { action: 'create', entity: 'legal_person', entity_id: id ?? '*', after: step.values }
        : { action: 'update', entity: 'legal_person', entity_id: id ?? '*', before, after: step.values },
    ];
    const mismatch = compareAudits(audits, expected);
    if (mismatch) (w.outcome === 'acked' ? v.lost : v.half).push(`${tag}: ${mismatch}`);
    else if (w.outcome === 'acked') v.checked++;
    else v.unsureComplete++;
    lastCounted = !mismatch;
    before = step.values;
    last = step;
    committed++;
  }
  const v = verdictOf(last?.write.kind ?? t.steps[0]!.write.kind);
  if (!last) {
    if (row) v.half.push(`${who}: present (id ${row.id}) though no write of it committed (no audit row)`);
    return;
  }
  const lastTag = `${who}: last committed write ${last.write.rid} (${last.write.outcome})`;
  const problems: string[] = [];
  if (!row) problems.push('the record is missing though its audit rows are there');
  else {
    if (t.id !== null && row.id !== t.id)
      problems.push(`stored with id ${row.id}, the create answered ${t.id}`);
    const differs = diff(fieldsOf(row), last.values);
    if (differs.length) problems.push(`the record differs: ${differs.join('; ')}`);
    if (row.version !== committed)
      problems.push(`version ${row.version}, but ${committed} writes of it committed`);
    if (row.version < t.version) problems.push(`version ${row.version} < acknowledged ${t.version}`);
    if (row.is_demo) problems.push('marked as demo data');
    if (t.source !== 'bulk' && row.deleted_ms !== null) problems.push('deleted, though nothing deleted it');
  }
  if (problems.length === 0) return;
  // The last committed write is not what is stored: it no longer counts as checked (or complete).
  if (last.write.outcome === 'acked') {
    if (lastCounted) v.checked--;
    v.lost.push(`${lastTag}: ${problems.join('; ')}`);
  } else {
    if (lastCounted) v.unsureComplete--;
    v.half.push(`${lastTag}: ${problems.join('; ')}`);
  }
}

/** The verdicts on the form's creates and edits (bulk-owned creates included). */
export function verifyPersons(snap: Snapshot, book: PersonBook, rows: Map<string, LegalRow>): Verdict[] {
  const verdicts = new Map<string, Verdict>();
  const verdictOf = (kind: string) => {
    if (!verdicts.has(kind)) verdicts.set(kind, newVerdict(kind));
    return verdicts.get(kind)!;
  };
  verdictOf('person.create');
  verdictOf('person.edit');
  for (const t of book.tracks.values()) {
    if (t.source === 'import') continue;
    checkPerson(t, rows.get(t.nationalId), (s) => snap.audits.get(s.write.rid) ?? [], verdictOf);
  }
  for (const [nid, row] of rows) {
    if (!book.tracks.has(nid))
      verdictOf('person.create').half.push(
        `legal person ${row.id} (${nid}) is there but no write of the run made it`,
      );
  }
  return [...verdicts.values()];
}
