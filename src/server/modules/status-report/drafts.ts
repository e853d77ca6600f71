import { format } from 'date-fns-jalali';
import { sql } from 'drizzle-orm';
import { LEGAL_STATUS_LABELS } from '../../../contract/legal-person.ts';
import { BOARD_POSITION_LABELS, type LegalPersonDetail } from '../../../contract/persons.ts';
import { STAFF_EDUCATION, STANDARD_DOCUMENTS } from '../../../contract/status-report.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * Drafts of the status report's sections for a company whose sections were never saved: each
 * filled from what the registry already knows (legal_persons, shareholdings in both directions,
 * the latest board with its seats and CEO, the company's documents), in the section's canonical
 * shape (contract/status-report.ts), everything else left empty for the analyst.
 */

type Data = Record<string, unknown>;

/** The company's documents on file (title), oldest first. */
export function documentTitles(db: Db, companyId: number) {
  return queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM documents
        WHERE owner_type IN ('legal', 'legal_person') AND owner_id = ${companyId}
        ORDER BY created_at, id`,
  );
}

/** The last three Jalali years before the one `now` falls in, newest first. */
function recentJalaliYears(now: Date): number[] {
  const year = Number(format(now, 'yyyy'));
  return [year - 1, year - 2, year - 3];
}

/**
 * The draft of every section (index = section number) of company `p`; `documents` are the titles
 * of its documents on file, `holdingNationalIds` the national ids of the companies it holds
 * shares of (by id); `now` decides the fiscal years of the financial summary.
 */
export function draftSections(
  p: LegalPersonDetail,
  documents: string[],
  holdingNationalIds: Map<number, string | null>,
  now: Date,
): Data[] {
  const board = p.board;
  const extraDocuments = documents.filter((t) => !(STANDARD_DOCUMENTS as readonly string[]).includes(t));
  return [
    {
      name: p.name,
      ownership_type: p.ownership_type,
      status: LEGAL_STATUS_LABELS[p.status] ?? null,
      supervising_body: p.supervising_body?.name ?? null,
      industry: p.industry?.name ?? null,
      auditor: p.auditor,
      report_date: null,
      phone: p.phone,
      postal_code: p.postal_code,
      website: p.website,
      address: p.address,
      notes: null,
    },
    {
      national_id: p.national_id,
      registration_number: p.registration_number,
      registration_date: p.registration_date,
      registration_city: p.registration_city?.name ?? null,
      legal_form: p.legal_form,
      economic_code: p.economic_code,
      last_change_date: null,
      last_changes: null,
    },
    {
      registered_capital: p.registered_capital,
      share_count: p.share_count,
      nominal_share_value: p.nominal_share_value,
      paid_in_capital: null,
      last_capital_change_date: null,
      notes: null,
    },
    {
      notes: null,
      rows: p.shareholders.map((s) => ({
        holder: s.holder_name,
        holder_type: s.holder_type === 'legal' ? 'حقوقی' : 'حقیقی',
        holder_national_id: s.holder_national_id,
        share_count: s.share_count,
        fraction: s.percentage,
      })),
    },
    {
      term_start: board?.term_start ?? null,
      term_end: board?.term_end ?? null,
      ceo_name: board?.ceo?.name ?? null,
      ceo_national_code: board?.ceo?.national_code ?? null,
      ceo_appointment_date: null,
      notes: null,
      rows: (board?.seats ?? []).map((s) => ({
        position: BOARD_POSITION_LABELS[s.position] ?? null,
        member: s.holder_name,
        representative: s.representative?.name ?? null,
        is_executive: s.is_executive,
        start_date: s.start_date,
      })),
    },
    {
      total: p.employees,
      notes: null,
      rows: STAFF_EDUCATION.map((level) => ({
        education_level: level,
        permanent: null,
        contract: null,
        other: null,
      })),
    },
    { main_activity: p.industry?.name ?? null, notes: null, rows: [] },
    {
      auditor_opinion: null,
      notes: null,
      rows: recentJalaliYears(now).map((y) => ({
        fiscal_year: y,
        revenue: null,
        net_profit: null,
        total_assets: null,
        equity: null,
      })),
    },
    {
      notes: null,
      rows: p.holdings.map((h) => ({
        company: h.company_name,
        national_id: holdingNationalIds.get(h.company_id) ?? null,
        share_count: h.share_count,
        fraction: h.percentage,
      })),
    },
    { last_ordinary_date: null, last_extraordinary_date: null, notes: null, rows: [] },
    {
      notes: null,
      rows: [
        ...STANDARD_DOCUMENTS.map((title) => ({ title, on_file: documents.includes(title), note: null })),
        ...extraDocuments.map((title) => ({ title, on_file: true, note: null })),
      ],
    },
  ];
}

/** National ids of the companies `companyId` holds shares of, by company id (subsidiaries' draft). */
export async function holdingIds(db: Db, companyId: number): Promise<Map<number, string | null>> {
  const rows = await queryRows<{ id: number; national_id: string | null }>(
    db,
    sql`SELECT c.id, c.national_id FROM shareholdings sh JOIN legal_persons c ON c.id = sh.company_id
        WHERE sh.holder_legal_id = ${companyId}`,
  );
  return new Map(rows.map((r) => [r.id, r.national_id]));
}
