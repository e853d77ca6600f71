import { sql } from 'drizzle-orm';
import { IR_LEGAL_ID_SCHEME, IR_NATIONAL_CODE_SCHEME } from '../../../contract/bods.ts';
import { todayIso } from '../../../domain/jalali.ts';
import {
  BODS_INTEREST_TYPES,
  type BodsExportInput,
  type BodsInterestType,
  exportBodsPackage,
  parseBodsPackage,
} from '../../../domain/ownership/bods.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * The holdings of the registry as a BODS 0.4 package (issue 17, "Interchange"): the rows of
 * shareholdings valid on `day` (both ends inclusive, domain/ownership/as-of.ts) between live
 * persons, direct and declared indirect, each an interest of its type, directness, share (percent;
 * none when unknown, or when the stored figure is outside 0..100%), startDate and endDate. The
 * rows of one holder in one company make one relationship statement
 * (`nazer-rel-<company id>-<L|T><holder id>`); legal persons are entities `nazer-legal-<id>`
 * (a state entity as stateBody, a governmentDepartment when a ministry; else registeredEntity),
 * true persons are persons `nazer-true-<id>` (knownPerson), with the national id / code as an
 * identifier of scheme IR-NID / IR-NC, so that an import matches them back (bods.ts).
 *
 * With `companyId`, only the company's owners upward (its holders, their holders, …) and its
 * subsidiaries downward (what it holds, what those hold, …): the holdings of the company and of
 * its ancestors, and those held by it and by its descendants. Co-holders of a subsidiary that
 * are not themselves reached are left out.
 *
 * The package is checked with parseBodsPackage before it is answered (the domain's advice): an
 * error there is the product's own fault, thrown.
 */

type Row = {
  id: number;
  company_id: number;
  holder_type: 'legal' | 'true';
  holder_id: number;
  share: number | null;
  valid_from: string | null;
  valid_to: string | null;
  directness: 'direct' | 'indirect';
  interest_type: string;
};

/** The publisher named in every statement. */
export const BODS_PUBLISHER = 'ناظر';

const isInterestType = (t: string): t is BodsInterestType =>
  (BODS_INTEREST_TYPES as readonly string[]).includes(t);

/** The rows reached from `companyId` upward and downward (module comment). */
function scoped(rows: Row[], companyId: number): Row[] {
  const up = new Set([companyId]);
  const down = new Set([companyId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (up.has(r.company_id) && r.holder_type === 'legal' && !up.has(r.holder_id)) {
        up.add(r.holder_id);
        grew = true;
      }
      if (r.holder_type === 'legal' && down.has(r.holder_id) && !down.has(r.company_id)) {
        down.add(r.company_id);
        grew = true;
      }
    }
  }
  return rows.filter((r) => up.has(r.company_id) || (r.holder_type === 'legal' && down.has(r.holder_id)));
}

/**
 * The package of the holdings valid on `day` (ISO), all or around `companyId`; null when that
 * company does not exist or is deleted. `now` dates the publication.
 */
export async function bodsExport(
  db: Db,
  { companyId, day, now }: { companyId?: number; day: string; now: Date },
): Promise<Record<string, unknown>[] | null> {
  if (companyId !== undefined) {
    const [found] = await queryRows(
      db,
      sql`SELECT 1 FROM legal_persons WHERE id = ${companyId} AND deleted_at IS NULL`,
    );
    if (!found) return null;
  }
  const all = await queryRows<Row>(
    db,
    sql`SELECT sh.id, sh.company_id, sh.holder_type, COALESCE(sh.holder_legal_id, sh.holder_true_id) AS holder_id,
          sh.percentage::float8 AS share, sh.valid_from::text AS valid_from, sh.valid_to::text AS valid_to,
          sh.directness, sh.interest_type
        FROM shareholdings sh
        JOIN legal_persons c ON c.id = sh.company_id AND c.deleted_at IS NULL
        LEFT JOIN legal_persons hl ON hl.id = sh.holder_legal_id
        LEFT JOIN true_persons ht ON ht.id = sh.holder_true_id
        WHERE ((sh.holder_type = 'legal' AND hl.id IS NOT NULL AND hl.deleted_at IS NULL)
            OR (sh.holder_type = 'true' AND ht.id IS NOT NULL AND ht.deleted_at IS NULL))
          AND (sh.valid_from IS NULL OR sh.valid_from <= ${day}::date)
          AND (sh.valid_to IS NULL OR sh.valid_to >= ${day}::date)
        ORDER BY sh.id`,
  );
  const rows = (companyId === undefined ? all : scoped(all, companyId)).filter((r) =>
    isInterestType(r.interest_type),
  );

  const legalIds = new Set<number>();
  const trueIds = new Set<number>();
  for (const r of rows) {
    legalIds.add(r.company_id);
    (r.holder_type === 'legal' ? legalIds : trueIds).add(r.holder_id);
  }
  if (companyId !== undefined) legalIds.add(companyId);
  const [legal, natural] = await Promise.all([
    queryRows<{
      id: number;
      name: string;
      kind: string;
      is_state_entity: boolean;
      national_id: string | null;
      registration_date: string | null;
    }>(
      db,
      sql`SELECT id, name, kind, is_state_entity, national_id, registration_date::text AS registration_date
          FROM legal_persons WHERE id = ANY(${sql.param([...legalIds])}::int[]) ORDER BY id`,
    ),
    queryRows<{ id: number; name: string; national_code: string | null }>(
      db,
      sql`SELECT id, trim(first_name || ' ' || last_name) AS name, national_code
          FROM true_persons WHERE id = ANY(${sql.param([...trueIds])}::int[]) ORDER BY id`,
    ),
  ]);

  const legalRecord = (id: number) => `nazer-legal-${id}`;
  const holderRecord = (r: Row) =>
    r.holder_type === 'legal' ? legalRecord(r.holder_id) : `nazer-true-${r.holder_id}`;
  const model: BodsExportInput = {
    entities: legal.map((l) => ({
      recordId: legalRecord(l.id),
      name: l.name,
      entityType: l.is_state_entity ? 'stateBody' : 'registeredEntity',
      entitySubtype: l.is_state_entity ? (l.kind === 'ministry' ? 'governmentDepartment' : 'other') : null,
      identifiers: l.national_id
        ? [{ scheme: IR_LEGAL_ID_SCHEME, schemeName: 'شناسه ملی اشخاص حقوقی', id: l.national_id }]
        : [],
      foundingDate: l.registration_date,
    })),
    persons: natural.map((p) => ({
      recordId: `nazer-true-${p.id}`,
      name: p.name || null,
      personType: 'knownPerson',
      identifiers: p.national_code
        ? [{ scheme: IR_NATIONAL_CODE_SCHEME, schemeName: 'کد ملی', id: p.national_code }]
        : [],
    })),
    interests: rows.map((r) => ({
      relationshipRecordId: `nazer-rel-${r.company_id}-${r.holder_type === 'legal' ? 'L' : 'T'}${r.holder_id}`,
      subject: legalRecord(r.company_id),
      interestedParty: holderRecord(r),
      type: r.interest_type as BodsInterestType,
      direct: r.directness,
      share: r.share !== null && r.share >= 0 && r.share <= 1 ? r.share : null,
      startDate: r.valid_from,
      endDate: r.valid_to,
    })),
  };
  const statements = exportBodsPackage(model, {
    publisher: BODS_PUBLISHER,
    publicationDate: todayIso(now),
    statementDate: day,
  });
  const check = parseBodsPackage(statements);
  if (!check.ok)
    throw new Error(`BODS export failed its own check: ${JSON.stringify(check.errors.slice(0, 5))}`);
  return statements;
}
