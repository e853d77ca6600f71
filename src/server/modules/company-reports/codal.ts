import { eq, sql } from 'drizzle-orm';
import { codalEntity, codalInput, rowIdAnswer } from '../../../contract/company-reports.ts';
import { codalInfos } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { pickedCompany } from './common.ts';
import { crossCompanyLists } from './company-lists.ts';

const r = (text: string) => sql.raw(text);
/** The publish instant read in Tehran time. */
const TEHRAN = `ci.published_at AT TIME ZONE 'Asia/Tehran'`;

const taken = () => invalid({ tracing_number: ['اطلاعیه‌ای با این شماره پیگیری پیش‌تر ثبت شده است'] });

/**
 * Codal disclosures of listed companies (contract/company-reports.ts `codalEntity`; permission
 * `person.legal.list` to read, `person.legal.edit` to add by hand).
 * - GET /api/person/codal-infos — `ListPage<CodalRow>`, newest first. sortBy published_at
 *   (default, descending) | tracing_number | company; filters legal_person_id, kind (eq/in),
 *   published_date (Tehran day, ISO, gte/lte), published_at (timestamp), title, ticker; `q` on
 *   title, ticker, tracing number and company name. Bad sort or filter → 422 (Persian). A
 *   disclosure of a soft-deleted company goes with it.
 * - GET /api/person/codal-infos/companies — `CompanyOption[]`: the companies with disclosures.
 */
export const codalRoutes = [
  ...crossCompanyLists({
    entity: codalEntity,
    source: {
      from: r('codal_infos ci LEFT JOIN legal_persons lp ON lp.id = ci.legal_person_id'),
      columns: {
        id: r('ci.id'),
        legal_person_id: r('ci.legal_person_id'),
        company: r('lp.name'),
        ticker: r('ci.ticker'),
        kind: r('ci.kind'),
        title: r('ci.title'),
        tracing_number: r('ci.tracing_number'),
        letter_code: r('ci.letter_code'),
        published_date: r(`(${TEHRAN})::date`),
        published_time: r(`to_char(${TEHRAN}, 'HH24:MI')`),
        published_at: r('ci.published_at'),
        url: r('ci.url'),
      },
      // searchKey in SQL (lower case, no spaces or zero-width non-joiners; stored text is normalised Persian)
      search:
        r(`translate(lower(ci.title || ' ' || COALESCE(ci.ticker, '') || ' ' || ci.tracing_number || ' ' ||
        COALESCE(lp.name, '')), ' ' || chr(8204) || chr(9) || chr(10), '')`),
      where: r('(ci.legal_person_id IS NULL OR lp.deleted_at IS NULL)'),
    },
    table: codalInfos,
    companiesPath: '/api/person/codal-infos/companies',
    summary: {
      list: 'Codal disclosures of listed companies: paged, sorted, filtered list',
      companies: 'Companies that have Codal disclosures',
    },
  }),
  /**
   * POST /api/person/codal-infos (`person.legal.edit`) — `codalInput` → `{ id }`. The publish
   * time is read in Tehran time (UTC+03:30) and stored as a timestamp; the ticker is the
   * company's. Audited on the company (entity `legal_person`, action `create`, `after.record` =
   * `codal_info`). Errors: 422 per field (Persian); 422 on `legal_person_id` for a missing or
   * deleted company; 422 on `tracing_number` when a disclosure already has it.
   */
  defineMutation({
    method: 'post',
    path: '/api/person/codal-infos',
    permission: codalEntity.permissions.create!,
    summary: 'Add a Codal disclosure by hand',
    tags: ['company-reports'],
    body: codalInput,
    response: rowIdAnswer,
    audit: { entity: 'legal_person', action: 'create' },
    onUnique: taken,
    async handler({ db, body }) {
      const company = await pickedCompany(db, Number(body.legal_person_id));
      const [dup] = await db
        .select({ id: codalInfos.id })
        .from(codalInfos)
        .where(eq(codalInfos.tracingNumber, String(body.tracing_number)));
      if (dup) throw taken();
      const [row] = await db
        .insert(codalInfos)
        .values({
          legalPersonId: company.id,
          ticker: company.ticker,
          tracingNumber: String(body.tracing_number),
          letterCode: body.letter_code as string | null,
          kind: String(body.kind),
          title: String(body.title),
          publishedAt: new Date(`${body.published_date}T${body.published_time}:00+03:30`),
          url: body.url as string | null,
        })
        .returning();
      const after = {
        record: codalEntity.name,
        record_id: row!.id,
        tracing_number: row!.tracingNumber,
        kind: row!.kind,
        title: row!.title,
        published_at: row!.publishedAt.toISOString(),
        url: row!.url,
      };
      return { id: company.id, after, result: { id: row!.id } };
    },
  }),
];
