import { sql } from 'drizzle-orm';
import {
  type BodsHoldingOutcome,
  type BodsImportSummary,
  type BodsMatch,
  type BodsRecordOutcome,
  IR_LEGAL_ID_SCHEME,
  IR_NATIONAL_CODE_SCHEME,
} from '../../../contract/bods.ts';
import { parseLegalId, parseNationalCode } from '../../../domain/identifiers.ts';
import {
  type BodsEntity,
  type BodsIdentifier,
  type BodsInterest,
  type BodsPackage,
  type BodsPerson,
  OWNERSHIP_INTEREST_TYPES,
} from '../../../domain/ownership/bods.ts';
import { legalSearchText, normalizePersian, trueSearchText } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { legalPersons, shareholdings, truePersons } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import type { AuditEntry } from '../../http/route.ts';
import { refreshStateClasses } from './classes.ts';

/**
 * What a BODS 0.4 package (parsed by domain/ownership/bods.ts) becomes in the registry (issue 17,
 * "Interchange"), inside the caller's transaction. The route runs it once: a dry run rolls the
 * transaction back and answers the same summary.
 *
 * Records. Each entity and person of the package is matched to a live registered person, in this
 * order, else created:
 *   1. its identifier of scheme IR-NID (entity: the legal person's national id) or IR-NC (person:
 *      the true person's national code), when the id is a valid one (checksum);
 *   2. a recordId `nazer-legal-<id>` / `nazer-true-<id>` (this product's export) naming a live
 *      person of the same name (normalised): the name guards against another installation's ids;
 *   3. an earlier import of the same relationship statement: a holding whose source_ref is the
 *      statement naming the record (the way back to a person imported without a national code);
 *   4. an earlier record of the same package with the same national id / code: the same person;
 *   5. entities only: the same name, normalised (domain/persian-text.ts), the oldest record first.
 *      Persons are not matched by name: namesakes are common, and merging two people's holdings
 *      is worse than a duplicate an editor can merge.
 * A matched person is not changed (a state flag the package states otherwise included). A
 * holding's source_ref is the statement that last changed it: an import that changes nothing
 * leaves it, so an export imported back does not hide the original statement from step 3. A created entity is a legal person of kind 'ministry' and a
 * state entity when its entityType is state or stateBody, else a 'company'; its national id is
 * kept when valid and held by no other legal person (deleted ones included), its foundingDate as
 * registration_date. A created person is a true person, its name split at the last space into
 * first and last name (one word: the last name), its national code kept when valid and free.
 * Records of an anonymous or unknown type (anonymousEntity, unknownEntity, anonymousPerson,
 * unknownPerson) are placeholders, not persons: they are not created, and their interests are
 * skipped. A record without a name is named `BODS <recordId>`.
 *
 * Interests. Only shareholding interests (OWNERSHIP_INTEREST_TYPES) with a disclosed holder and a
 * stated directness are imported, as shareholdings rows: holder → company (the subject),
 * percentage the exact share (a fraction, 6 decimals; null when the package gives only a range
 * or no share: unknown), directness 'direct' (a link of the graph) or 'indirect' (a declared
 * figure kept beside the computed one, never a link), interest_type 'shareholding', valid_from /
 * valid_to the interest's startDate / endDate, source_ref the relationship statement id. Every
 * other interest is skipped and listed with its reason (voting rights, board appointment and
 * other control are not ownership, and the registry's readers take each row of shareholdings as
 * a holding of shares; a declared 0% holds nothing). Rows are keyed by (company, holder,
 * directness, interest_type, valid_from): an existing row with the key is updated (percentage,
 * valid_to, source_ref) when its figures differ and left alone when they agree, so importing a
 * package again adds nothing. Two interests of one package with the same key are refused (422):
 * the registry keeps one row for them and cannot tell which to keep.
 *
 * Audit: a `create` row per created legal or true person (entity legal_person / true_person), a
 * `create` or `update` row per holding written (entity shareholding, with company_id and the
 * holder's id, so that both persons' histories show it), and one `import` row of entity
 * bods_import with the counts. Then the state classes are recomputed (classes.ts).
 */

type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;
type HolderType = 'legal' | 'true';

/** A record of the package resolved to a registered person. */
type Resolved = {
  id: number;
  name: string;
  outcome: 'created' | 'matched';
  matchedBy: BodsMatch | null;
  isState: boolean;
};

/** A refused package's problem (contract/bods.ts bodsImportError). */
export type ImportProblem = { statement_id: string | null; index: number; path: string; reason: string };

const ANONYMOUS = new Set(['anonymousEntity', 'unknownEntity', 'anonymousPerson', 'unknownPerson']);
const EXPORT_ID = { legal: /^nazer-legal-([1-9][0-9]{0,9})$/, true: /^nazer-true-([1-9][0-9]{0,9})$/ };
const MAX_ID = 2_147_483_647;
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

/** The valid id of the first identifier of `scheme` (case-insensitive) that `parse` accepts. */
function identifierOf(
  identifiers: readonly BodsIdentifier[],
  scheme: string,
  parse: (s: string) => string | null,
): string | null {
  for (const x of identifiers) {
    if (x.id === null || (x.scheme ?? '').toUpperCase() !== scheme) continue;
    const v = parse(x.id);
    if (v) return v;
  }
  return null;
}

/** The id a recordId of this product's export names, or null. */
function exportIdOf(recordId: string, type: HolderType): number | null {
  const m = EXPORT_ID[type].exec(recordId);
  const id = m ? Number(m[1]) : null;
  return id !== null && id <= MAX_ID ? id : null;
}

const nameKey = (s: string) => normalizePersian(s);
const recordName = (r: { name: string | null; recordId: string }) =>
  normalizePersian(r.name ?? '') || `BODS ${r.recordId}`;

/** First and last name of a full name: split at the last space; one word is the last name. */
export function splitFullName(full: string): { first: string; last: string } {
  const name = normalizePersian(full);
  const at = name.lastIndexOf(' ');
  return at < 0 ? { first: '', last: name } : { first: name.slice(0, at), last: name.slice(at + 1) };
}

// ---------------------------------------------------------------------------------------------
// Interests: which are imported, which skipped

type Planned = { interest: BodsInterest; directness: 'direct' | 'indirect' };
type Skipped = BodsImportSummary['skipped'][number];

function planInterests(
  pkg: BodsPackage,
  anonymous: ReadonlySet<string>,
): { planned: Planned[]; skipped: Skipped[] } {
  const planned: Planned[] = [];
  const skipped: Skipped[] = [];
  for (const i of pkg.interests) {
    const skip = (reason: string) =>
      skipped.push({ statement_id: i.statementId, record_id: i.relationshipRecordId, reason });
    if (i.type === null) skip('نوع منفعت نیامده است؛ فقط سهامداری (shareholding) وارد می‌شود');
    else if (!OWNERSHIP_INTEREST_TYPES.includes(i.type))
      skip(`منفعت «${i.type}» مالکیت سهام نیست؛ فقط سهامداری (shareholding) وارد می‌شود`);
    else if (i.interestedParty === null)
      skip(
        `دارندهٔ منفعت معرفی نشده است (${i.interestedPartyUnspecified?.reason ?? 'unknown'})؛ سهامی بی‌دارنده ثبت نمی‌شود`,
      );
    else if (anonymous.has(i.interestedParty))
      skip(`دارندهٔ منفعت («${i.interestedParty}») ناشناس است و در ناظر شخصی برای آن ثبت نمی‌شود`);
    else if (anonymous.has(i.subject))
      skip(`شرکت موضوع منفعت («${i.subject}») ناشناس است و در ناظر شخصی برای آن ثبت نمی‌شود`);
    else if (i.direct === 'unknown')
      skip('مستقیم یا غیرمستقیم بودن منفعت معلوم نیست؛ نه پیوند مالکیت است و نه رقم اعلام‌شدهٔ غیرمستقیم');
    else if (i.share === 0) skip('سهم اعلام‌شده صفر درصد است و مالکیتی نمی‌سازد');
    else planned.push({ interest: i, directness: i.direct });
  }
  return { planned, skipped };
}

// ---------------------------------------------------------------------------------------------
// Records: matched or created

/** The relationship statements naming each record: as subject (company) and as interested party. */
function statementsOf(pkg: BodsPackage) {
  const asSubject = new Map<string, string[]>();
  const asParty = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, key: string, id: string) => {
    const list = m.get(key) ?? [];
    if (!list.includes(id)) list.push(id);
    m.set(key, list);
  };
  for (const i of pkg.interests) {
    add(asSubject, i.subject, i.statementId);
    if (i.interestedParty !== null) add(asParty, i.interestedParty, i.statementId);
  }
  return { asSubject, asParty };
}

/** Holdings of earlier imports by their statement (source_ref), between live persons. */
async function earlierImports(db: Db, statementIds: string[]) {
  const rows = statementIds.length
    ? await queryRows<{ source_ref: string; company_id: number; holder_type: HolderType; holder_id: number }>(
        db,
        sql`SELECT sh.source_ref, sh.company_id, sh.holder_type, COALESCE(sh.holder_legal_id, sh.holder_true_id) AS holder_id
            FROM shareholdings sh
            JOIN legal_persons c ON c.id = sh.company_id AND c.deleted_at IS NULL
            LEFT JOIN legal_persons hl ON hl.id = sh.holder_legal_id
            LEFT JOIN true_persons ht ON ht.id = sh.holder_true_id
            WHERE sh.source_ref = ANY(${sql.param(statementIds)}::text[])
              AND ((sh.holder_type = 'legal' AND hl.deleted_at IS NULL AND hl.id IS NOT NULL)
                OR (sh.holder_type = 'true' AND ht.deleted_at IS NULL AND ht.id IS NOT NULL))
            ORDER BY sh.id`,
      )
    : [];
  const company = new Map<string, number>();
  const holder = new Map<string, { type: HolderType; id: number }>();
  for (const r of rows) {
    if (!company.has(r.source_ref)) company.set(r.source_ref, r.company_id);
    if (!holder.has(r.source_ref)) holder.set(r.source_ref, { type: r.holder_type, id: r.holder_id });
  }
  return { company, holder };
}

type Earlier = Awaited<ReturnType<typeof earlierImports>>;
type Statements = ReturnType<typeof statementsOf>;

async function resolveEntities(
  tx: Db,
  entities: BodsEntity[],
  st: Statements,
  earlier: Earlier,
  now: Date,
  audit: Audit,
): Promise<Map<string, Resolved>> {
  const out = new Map<string, Resolved>();
  const nids = entities.map((e) => identifierOf(e.identifiers, IR_LEGAL_ID_SCHEME, parseLegalId));
  const exportIds = entities.map((e) => exportIdOf(e.recordId, 'legal'));
  const names = [
    ...new Set(entities.flatMap((e) => (e.name ? [e.name.trim(), nameKey(e.name)] : [recordName(e)]))),
  ];
  const earlierIds = [...earlier.company.values()];
  for (const h of earlier.holder.values()) if (h.type === 'legal') earlierIds.push(h.id);
  // one after another: a transaction's connection takes one query at a time
  const byNid = await queryRows<{
    id: number;
    name: string;
    national_id: string;
    live: boolean;
    is_state_entity: boolean;
  }>(
    tx,
    sql`SELECT id, name, national_id, deleted_at IS NULL AS live, is_state_entity FROM legal_persons
          WHERE national_id = ANY(${sql.param(nids.filter((n): n is string => n !== null))}::text[])`,
  );
  const byId = await queryRows<{ id: number; name: string; is_state_entity: boolean }>(
    tx,
    sql`SELECT id, name, is_state_entity FROM legal_persons
          WHERE deleted_at IS NULL AND id = ANY(${sql.param([...exportIds.filter((n) => n !== null), ...earlierIds])}::int[])`,
  );
  const byName = await queryRows<{ id: number; name: string; is_state_entity: boolean }>(
    tx,
    sql`SELECT id, name, is_state_entity FROM legal_persons
          WHERE deleted_at IS NULL AND name = ANY(${sql.param(names)}::text[]) ORDER BY id`,
  );
  const nidRow = new Map(byNid.map((r) => [r.national_id, r]));
  const idRow = new Map(byId.map((r) => [r.id, r]));
  const nameRow = new Map<string, (typeof byName)[number]>();
  for (const r of byName) if (!nameRow.has(nameKey(r.name))) nameRow.set(nameKey(r.name), r);

  const matched = (r: { id: number; name: string; is_state_entity: boolean }, by: BodsMatch): Resolved => ({
    id: r.id,
    name: r.name,
    outcome: 'matched',
    matchedBy: by,
    isState: r.is_state_entity,
  });
  const toCreate: { index: number; nid: string | null }[] = [];
  const takenNids = new Set(byNid.map((r) => r.national_id));
  const pending = new Map<string, number>();
  const aliases: { recordId: string; of: string }[] = [];
  /** The registered legal person entity `k` is, or null. */
  const find = (e: BodsEntity, k: number): Resolved | null => {
    const live = nids[k] ? nidRow.get(nids[k]) : undefined;
    if (live?.live) return matched(live, 'national_id');
    const exp = exportIds[k] !== null ? idRow.get(exportIds[k]!) : undefined;
    if (exp && nameKey(exp.name) === nameKey(e.name ?? '')) return matched(exp, 'export_id');
    const viaCompany = (st.asSubject.get(e.recordId) ?? [])
      .map((s) => earlier.company.get(s))
      .find((id) => id !== undefined);
    const viaHolder = (st.asParty.get(e.recordId) ?? [])
      .map((s) => earlier.holder.get(s))
      .find((h) => h?.type === 'legal')?.id;
    const before = idRow.get(viaCompany ?? viaHolder ?? 0);
    if (before) return matched(before, 'earlier_import');
    return null;
  };
  for (const [k, e] of entities.entries()) {
    const found = find(e, k);
    const nid = nids[k] ?? null;
    // an earlier entity of this package with the national id: the same legal person
    const twin = nid ? pending.get(nid) : undefined;
    const byNameRow = nameRow.get(nameKey(recordName(e)));
    if (found) out.set(e.recordId, found);
    else if (twin !== undefined) aliases.push({ recordId: e.recordId, of: entities[twin]!.recordId });
    else if (byNameRow) out.set(e.recordId, matched(byNameRow, 'name'));
    else {
      // a national id another legal person holds (a deleted one) is not kept
      const keep = nid && !takenNids.has(nid) ? nid : null;
      if (keep) pending.set(keep, k);
      toCreate.push({ index: k, nid: keep });
    }
  }

  for (let c = 0; c < toCreate.length; c += CHUNK) {
    const chunk = toCreate.slice(c, c + CHUNK);
    const values = chunk.map(({ index, nid }) => {
      const e = entities[index]!;
      const name = recordName(e);
      return {
        name,
        kind: e.isState ? 'ministry' : 'company',
        isStateEntity: e.isState,
        nationalId: nid,
        registrationDate: e.foundingDate,
        searchText: legalSearchText(name, null, nid),
        isDemo: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
    });
    const rows = await tx.insert(legalPersons).values(values).returning({ id: legalPersons.id });
    for (const [k, row] of rows.entries()) {
      const e = entities[chunk[k]!.index]!;
      const v = values[k]!;
      out.set(e.recordId, {
        id: row.id,
        name: v.name,
        outcome: 'created',
        matchedBy: null,
        isState: e.isState,
      });
      await audit(tx, {
        action: 'create',
        entity: 'legal_person',
        entityId: row.id,
        after: {
          name: v.name,
          kind: v.kind,
          national_id: v.nationalId,
          registration_date: v.registrationDate,
          is_state_entity: v.isStateEntity,
          bods_record_id: e.recordId,
          bods_statement_id: e.statementId,
        },
      });
    }
  }
  for (const a of aliases)
    out.set(a.recordId, { ...out.get(a.of)!, outcome: 'matched', matchedBy: 'national_id' });
  return out;
}

async function resolvePersons(
  tx: Db,
  persons: BodsPerson[],
  st: Statements,
  earlier: Earlier,
  now: Date,
  audit: Audit,
): Promise<Map<string, Resolved>> {
  const out = new Map<string, Resolved>();
  const codes = persons.map((p) => identifierOf(p.identifiers, IR_NATIONAL_CODE_SCHEME, parseNationalCode));
  const exportIds = persons.map((p) => exportIdOf(p.recordId, 'true'));
  const earlierIds = [...earlier.holder.values()].filter((h) => h.type === 'true').map((h) => h.id);
  const byCode = await queryRows<{ id: number; name: string; national_code: string; live: boolean }>(
    tx,
    sql`SELECT id, trim(first_name || ' ' || last_name) AS name, national_code, deleted_at IS NULL AS live
          FROM true_persons WHERE national_code = ANY(${sql.param(codes.filter((n): n is string => n !== null))}::text[])`,
  );
  const byId = await queryRows<{ id: number; name: string }>(
    tx,
    sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM true_persons
          WHERE deleted_at IS NULL AND id = ANY(${sql.param([...exportIds.filter((n) => n !== null), ...earlierIds])}::int[])`,
  );
  const codeRow = new Map(byCode.map((r) => [r.national_code, r]));
  const idRow = new Map(byId.map((r) => [r.id, r]));
  const matched = (r: { id: number; name: string }, by: BodsMatch): Resolved => ({
    id: r.id,
    name: r.name,
    outcome: 'matched',
    matchedBy: by,
    isState: false,
  });
  const toCreate: { index: number; code: string | null }[] = [];
  const takenCodes = new Set(byCode.map((r) => r.national_code));
  const pending = new Map<string, number>();
  const aliases: { recordId: string; of: string }[] = [];
  /** The registered true person person `k` is, or null. */
  const find = (p: BodsPerson, k: number): Resolved | null => {
    const live = codes[k] ? codeRow.get(codes[k]) : undefined;
    if (live?.live) return matched(live, 'national_code');
    const exp = exportIds[k] !== null ? idRow.get(exportIds[k]!) : undefined;
    if (exp && nameKey(exp.name) === nameKey(p.name ?? '')) return matched(exp, 'export_id');
    const viaHolder = (st.asParty.get(p.recordId) ?? [])
      .map((s) => earlier.holder.get(s))
      .find((h) => h?.type === 'true')?.id;
    const before = idRow.get(viaHolder ?? 0);
    return before ? matched(before, 'earlier_import') : null;
  };
  for (const [k, p] of persons.entries()) {
    const found = find(p, k);
    const code = codes[k] ?? null;
    const twin = code ? pending.get(code) : undefined;
    if (found) out.set(p.recordId, found);
    else if (twin !== undefined) aliases.push({ recordId: p.recordId, of: persons[twin]!.recordId });
    else {
      const keep = code && !takenCodes.has(code) ? code : null;
      if (keep) pending.set(keep, k);
      toCreate.push({ index: k, code: keep });
    }
  }

  for (let c = 0; c < toCreate.length; c += CHUNK) {
    const chunk = toCreate.slice(c, c + CHUNK);
    const values = chunk.map(({ index, code }) => {
      const { first, last } = splitFullName(recordName(persons[index]!));
      return {
        firstName: first,
        lastName: last,
        nationalCode: code,
        searchText: trueSearchText(first, last, code),
        isDemo: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
    });
    const rows = await tx.insert(truePersons).values(values).returning({ id: truePersons.id });
    for (const [k, row] of rows.entries()) {
      const p = persons[chunk[k]!.index]!;
      const v = values[k]!;
      const name = `${v.firstName} ${v.lastName}`.trim();
      out.set(p.recordId, { id: row.id, name, outcome: 'created', matchedBy: null, isState: false });
      await audit(tx, {
        action: 'create',
        entity: 'true_person',
        entityId: row.id,
        after: {
          first_name: v.firstName,
          last_name: v.lastName,
          national_code: v.nationalCode,
          bods_record_id: p.recordId,
          bods_statement_id: p.statementId,
        },
      });
    }
  }
  for (const a of aliases)
    out.set(a.recordId, { ...out.get(a.of)!, outcome: 'matched', matchedBy: 'national_code' });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Holdings

type Existing = {
  id: number;
  company_id: number;
  holder_type: HolderType;
  holder_id: number;
  directness: string;
  valid_from: string | null;
  valid_to: string | null;
  percentage: string | null;
  source_ref: string | null;
};

const holdingKey = (
  companyId: number,
  holderType: HolderType,
  holderId: number,
  directness: string,
  validFrom: string | null,
) => `${companyId}|${holderType}${holderId}|${directness}|shareholding|${validFrom ?? ''}`;

/** A share as stored (numeric(9, 6)): the fraction rounded to 6 decimals, as text. */
const stored = (share: number | null) => (share === null ? null : share.toFixed(6));
const sameShare = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

/** What a holding's audit row holds (the API's field names, so persons' histories show it). */
function holdingFields(h: {
  company_id: number;
  holder_type: HolderType;
  holder_id: number;
  percentage: string | null;
  valid_from: string | null;
  valid_to: string | null;
  directness: string;
  source_ref: string | null;
}) {
  return {
    company_id: h.company_id,
    holder_type: h.holder_type,
    holder_legal_id: h.holder_type === 'legal' ? h.holder_id : null,
    holder_true_id: h.holder_type === 'true' ? h.holder_id : null,
    percentage: h.percentage,
    valid_from: h.valid_from,
    valid_to: h.valid_to,
    directness: h.directness,
    interest_type: 'shareholding',
    source_ref: h.source_ref,
  };
}

/**
 * Imports a parsed package inside `tx` (see the module comment); `statementIndex` gives a
 * statement's position in the package, for the refusal of two interests with one key (422,
 * thrown: the caller's transaction rolls back). Returns the summary, as of a real import.
 */
export async function importBods(
  tx: Db,
  pkg: BodsPackage,
  opts: { statements: number; statementIndex: ReadonlyMap<string, number>; now: Date; audit: Audit },
): Promise<Omit<BodsImportSummary, 'dry_run'>> {
  const { now, audit } = opts;
  // one import at a time: two would both create the persons neither finds
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('nazer.bods-import'))`);
  const anonymous = new Set<string>();
  for (const e of pkg.entities) if (ANONYMOUS.has(e.entityType)) anonymous.add(e.recordId);
  for (const p of pkg.persons) if (ANONYMOUS.has(p.personType)) anonymous.add(p.recordId);
  const { planned, skipped } = planInterests(pkg, anonymous);

  const st = statementsOf(pkg);
  const earlier = await earlierImports(tx, [...new Set(pkg.interests.map((i) => i.statementId))]);
  const entities = pkg.entities.filter((e) => !anonymous.has(e.recordId));
  const persons = pkg.persons.filter((p) => !anonymous.has(p.recordId));
  const legal = await resolveEntities(tx, entities, st, earlier, now, audit);
  const natural = await resolvePersons(tx, persons, st, earlier, now, audit);
  const holderOf = (recordId: string) => {
    const l = legal.get(recordId);
    if (l) return { type: 'legal' as const, r: l };
    return { type: 'true' as const, r: natural.get(recordId)! };
  };

  // the rows as they will be written, refused when two share a key
  const problems: ImportProblem[] = [];
  const seen = new Map<string, string>();
  const rows = planned.map(({ interest: i, directness }) => {
    const company = legal.get(i.subject)!;
    const holder = holderOf(i.interestedParty!);
    const key = holdingKey(company.id, holder.type, holder.r.id, directness, i.startDate);
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({
        statement_id: i.statementId,
        index: opts.statementIndex.get(i.statementId) ?? -1,
        path: 'recordDetails.interests',
        reason: `این منفعت با منفعتی از بیانیهٔ «${first}» یکی است (همان دارنده، همان شرکت، همان مستقیم یا غیرمستقیم بودن و همان تاریخ آغاز)؛ ناظر برای هر دو یک ردیف سهامداری دارد و نمی‌داند کدام را نگه دارد`,
      });
    else seen.set(key, i.statementId);
    return { i, directness, company, holder, key, percentage: stored(i.share) };
  });
  if (problems.length)
    throw new HttpError(422, 'برخی منفعت‌های بسته با هم ناسازگارند؛ هیچ چیزی ثبت نشد', undefined, {
      bods_errors: problems,
    });

  const companyIds = [...new Set(rows.map((r) => r.company.id))];
  const existing = companyIds.length
    ? await queryRows<Existing>(
        tx,
        sql`SELECT id, company_id, holder_type, COALESCE(holder_legal_id, holder_true_id) AS holder_id, directness,
              valid_from::text AS valid_from, valid_to::text AS valid_to, percentage::text AS percentage, source_ref
            FROM shareholdings
            WHERE company_id = ANY(${sql.param(companyIds)}::int[]) AND interest_type = 'shareholding'
            ORDER BY id`,
      )
    : [];
  const byKey = new Map<string, Existing>();
  for (const e of existing) {
    const key = holdingKey(e.company_id, e.holder_type, e.holder_id, e.directness, e.valid_from);
    if (!byKey.has(key)) byKey.set(key, e);
  }

  const interests: BodsHoldingOutcome[] = [];
  const adds: (typeof rows)[number][] = [];
  for (const r of rows) {
    const found = byKey.get(r.key);
    const validTo = r.i.endDate;
    let outcome: BodsHoldingOutcome['outcome'] = 'added';
    if (!found) adds.push(r);
    else if (sameShare(found.percentage, r.percentage) && found.valid_to === validTo) outcome = 'unchanged';
    else {
      outcome = 'updated';
      await tx.execute(
        sql`UPDATE shareholdings SET percentage = ${r.percentage}::numeric, valid_to = ${validTo}::date,
              source_ref = ${r.i.statementId} WHERE id = ${found.id}`,
      );
      await audit(tx, {
        action: 'update',
        entity: 'shareholding',
        entityId: found.id,
        before: holdingFields(found),
        after: holdingFields({
          ...found,
          percentage: r.percentage,
          valid_to: validTo,
          source_ref: r.i.statementId,
        }),
      });
    }
    interests.push({
      statement_id: r.i.statementId,
      company: r.company.name,
      holder: r.holder.r.name,
      holder_type: r.holder.type,
      share: r.i.share,
      directness: r.directness,
      valid_from: r.i.startDate,
      valid_to: validTo,
      outcome,
    });
  }
  for (let c = 0; c < adds.length; c += CHUNK) {
    const chunk = adds.slice(c, c + CHUNK);
    const inserted = await tx
      .insert(shareholdings)
      .values(
        chunk.map((r) => ({
          companyId: r.company.id,
          holderType: r.holder.type,
          holderLegalId: r.holder.type === 'legal' ? r.holder.r.id : null,
          holderTrueId: r.holder.type === 'true' ? r.holder.r.id : null,
          percentage: r.percentage,
          validFrom: r.i.startDate,
          validTo: r.i.endDate,
          directness: r.directness,
          interestType: 'shareholding',
          sourceRef: r.i.statementId,
        })),
      )
      .returning({ id: shareholdings.id });
    for (const [k, row] of inserted.entries()) {
      const r = chunk[k]!;
      await audit(tx, {
        action: 'create',
        entity: 'shareholding',
        entityId: row.id,
        after: holdingFields({
          company_id: r.company.id,
          holder_type: r.holder.type,
          holder_id: r.holder.r.id,
          percentage: r.percentage,
          valid_from: r.i.startDate,
          valid_to: r.i.endDate,
          directness: r.directness,
          source_ref: r.i.statementId,
        }),
      });
    }
  }

  const records: BodsRecordOutcome[] = [
    ...entities.map((e) => outcomeOf(e, 'entity', legal.get(e.recordId)!)),
    ...persons.map((p) => outcomeOf(p, 'person', natural.get(p.recordId)!)),
  ];
  const count = (kind: 'entity' | 'person', outcome: 'created' | 'matched') =>
    records.filter((r) => r.kind === kind && r.outcome === outcome).length;
  const holdings = {
    added: interests.filter((i) => i.outcome === 'added').length,
    updated: interests.filter((i) => i.outcome === 'updated').length,
    unchanged: interests.filter((i) => i.outcome === 'unchanged').length,
    indirect: interests.filter((i) => i.directness === 'indirect').length,
  };
  const summary = {
    statements: opts.statements,
    entities: { created: count('entity', 'created'), matched: count('entity', 'matched') },
    persons: { created: count('person', 'created'), matched: count('person', 'matched') },
    holdings,
    records,
    interests,
    skipped,
  };
  await audit(tx, {
    action: 'import',
    entity: 'bods_import',
    entityId: null,
    after: {
      statements: summary.statements,
      entities: summary.entities,
      persons: summary.persons,
      holdings,
      skipped: skipped.length,
    },
  });
  if (holdings.added + holdings.updated + summary.entities.created > 0) await refreshStateClasses(tx);
  return summary;
}

function outcomeOf(
  r: { recordId: string; statementId: string },
  kind: 'entity' | 'person',
  x: Resolved,
): BodsRecordOutcome {
  return {
    record_id: r.recordId,
    statement_id: r.statementId,
    kind,
    name: x.name,
    outcome: x.outcome,
    matched_by: x.matchedBy,
    id: x.id,
    is_state_entity: x.isState,
  };
}
