import { and, eq, sql } from 'drizzle-orm';
import { idParams } from '../../../contract/persons.ts';
import {
  type SavedSection,
  SECTION_SCHEMAS,
  STATUS_SECTIONS,
  type StatusReport,
  savedSection,
  statusReport,
  statusSectionParams,
  statusSectionSave,
} from '../../../contract/status-report.ts';
import { legalPersonStatusSections } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { parseOr422 } from '../../http/validate.ts';
import { legalPersonDetail } from '../persons/legal-detail.ts';
import { documentTitles, draftSections, holdingIds } from './drafts.ts';
import { auditValues, COMPANY_NOT_FOUND, companyOr404, savedSections, sectionStale } from './store.ts';

/**
 * The company status report (contract/status-report.ts): read all eleven sections of a legal
 * person, save one section at a time with an optimistic lock on that section's `version`.
 */

/**
 * GET /api/person/legal-persons/status/:id (`person.legal.view`) → `StatusReport`: the company
 * (id, name, national_id) and its sections 0..10 in order, each `{ n, title, saved, version,
 * updated_at, updated_by, data }`. A section never saved is a draft prefilled from the registry
 * (`saved: false`, `version: 0`, `updated_at` and `updated_by` null). Errors: 404 «شخص حقوقی
 * یافت نشد» for a company that does not exist or is deleted; 422 for a non-numeric id.
 */
const readReport = defineRoute({
  method: 'get',
  path: '/api/person/legal-persons/status/:id{[0-9]+}',
  permission: 'person.legal.view',
  summary: 'Company status report: all sections (saved, or drafts prefilled from the registry)',
  tags: ['status-report'],
  params: idParams,
  response: statusReport,
  async handler({ db, deps, params }): Promise<StatusReport> {
    const company = await companyOr404(db, params.id);
    const saved = await savedSections(db, company.id);
    let drafts: Record<string, unknown>[] = [];
    if (saved.size < STATUS_SECTIONS.length) {
      const [detail, documents, ids] = await Promise.all([
        legalPersonDetail(db, company.id),
        documentTitles(db, company.id),
        holdingIds(db, company.id),
      ]);
      if (!detail) throw notFound(COMPANY_NOT_FOUND);
      drafts = draftSections(
        detail,
        documents.map((d) => d.title),
        ids,
        deps.now(),
      );
    }
    return {
      company,
      sections: STATUS_SECTIONS.map((spec) => {
        const row = saved.get(spec.n);
        if (!row)
          return {
            n: spec.n,
            title: spec.title,
            saved: false,
            version: 0,
            updated_at: null,
            updated_by: null,
            data: drafts[spec.n]!,
          };
        return {
          n: spec.n,
          title: spec.title,
          saved: true,
          version: row.version,
          updated_at: row.updated_at,
          updated_by: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
          data: row.data,
        };
      }),
    };
  },
});

/**
 * PUT /api/person/legal-persons/status/:id/section/:n (`person.legal.edit`) — body `{ version,
 * data }`: `version` as read (0 for a section never saved), `data` the section's form values
 * (contract: `SECTION_SCHEMAS[n]`) → `SavedSection { n, version, updated_at }` with `version`
 * bumped (1 on the first save). The section is replaced by the schema's canonical output; saving
 * unchanged data writes nothing and answers the current version. One transaction, one audit row
 * (`update` of entity `legal_person` with this company's id; `before`/`after` keyed by Persian
 * labels, see store.ts `auditValues`). Errors: 404 «شخص حقوقی یافت نشد»; 422 per field, paths
 * relative to `data` (`rows.2.share_count`); 409 `{ stale: true, current_version }` when the
 * section was saved since `version` was read (nothing overwritten).
 */
const saveSection = defineMutation({
  method: 'put',
  path: '/api/person/legal-persons/status/:id{[0-9]+}/section/:n{[0-9]+}',
  permission: 'person.legal.edit',
  summary: 'Save one section of a company status report (optimistic lock on its version)',
  tags: ['status-report'],
  params: statusSectionParams,
  body: statusSectionSave,
  response: savedSection,
  audit: { entity: 'legal_person', action: 'update' },
  async handler({ db, deps, params, body, session }) {
    const { id, n } = params;
    await companyOr404(db, id);
    const data = parseOr422(SECTION_SCHEMAS[n]!, body.data);
    const now = deps.now();
    const userId = session?.user?.id ?? null;
    const t = legalPersonStatusSections;
    const [current] = await db
      .select()
      .from(t)
      .where(and(eq(t.legalPersonId, id), eq(t.section, n)))
      .for('update');
    const currentVersion = current?.version ?? 0;
    if (currentVersion !== body.version) throw sectionStale(currentVersion);
    if (current && JSON.stringify(current.data) === JSON.stringify(data)) {
      const unchanged: SavedSection = {
        n,
        version: current.version,
        updated_at: current.updatedAt.toISOString(),
      };
      return { audits: [], result: unchanged };
    }
    let row: typeof t.$inferSelect | undefined;
    if (!current) {
      [row] = await db
        .insert(t)
        .values({ legalPersonId: id, section: n, data, version: 1, updatedBy: userId, updatedAt: now })
        .onConflictDoNothing()
        .returning();
    } else {
      [row] = await db
        .update(t)
        .set({ data, version: sql`${t.version} + 1`, updatedBy: userId, updatedAt: now })
        .where(and(eq(t.legalPersonId, id), eq(t.section, n), eq(t.version, body.version)))
        .returning();
    }
    // Another save got in between the read and the write.
    if (!row) throw sectionStale(currentVersion + 1);
    const saved: SavedSection = { n, version: row.version, updated_at: row.updatedAt.toISOString() };
    return {
      id,
      before: auditValues(n, (current?.data as Record<string, unknown> | undefined) ?? null),
      after: auditValues(n, data),
      result: saved,
    };
  },
});

export const statusReportRoutes = [readReport, saveSection];
