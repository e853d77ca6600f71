import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import {
  type CodalRow,
  type CompanyOption,
  codalInput,
  codalRow,
  companyOption,
  rowIdAnswer,
} from '../../../contract/company-reports.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { uniqueGuard } from '../../db/pg-errors.ts';
import { codalInfos } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage, queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { pickedCompany } from './common.ts';

const r = (text: string) => sql.raw(text);

/**
 * Text `q` matches in the Codal list: title, ticker, tracing number and company name, folded the
 * way searchKey folds the query (lower case, no spaces or zero-width non-joiners; stored text is
 * already normalised Persian).
 */
const SEARCH = `translate(lower(ci.title || ' ' || COALESCE(ci.ticker, '') || ' ' || ci.tracing_number || ' ' ||
  COALESCE(lp.name, '')), ' ' || chr(8204) || chr(9) || chr(10), '')`;

/** The Codal disclosures list (GET /api/person/codal-infos); row shape `CodalRow`. */
export const codalList: ListSpec = {
  select: sql`${r(`ci.id, ci.legal_person_id, lp.name AS company, ci.ticker, ci.tracing_number, ci.letter_code,
    ci.kind, ci.title`)}, ${isoTimestamp(r('ci.published_at'))} AS published_at, ci.url`,
  from: r('codal_infos ci LEFT JOIN legal_persons lp ON lp.id = ci.legal_person_id'),
  id: r('ci.id'),
  search: r(SEARCH),
  // A disclosure of a soft-deleted company goes with it.
  where: r('(ci.legal_person_id IS NULL OR lp.deleted_at IS NULL)'),
  sorts: {
    published_at: { expr: r('ci.published_at'), type: 'timestamp' },
    tracing_number: { expr: r('ci.tracing_number'), type: 'text' },
    company: { expr: r('lp.name'), type: 'text', nullable: true },
  },
  defaultSort: 'published_at',
  defaultDescending: true,
  filters: {
    legal_person_id: { expr: r('ci.legal_person_id'), type: 'int' },
    kind: { expr: r('ci.kind'), type: 'text' },
    published_at: { expr: r('ci.published_at'), type: 'timestamp' },
    /** The publish day in Tehran (date ranges typed in Jalali). */
    published_date: { expr: r(`(ci.published_at AT TIME ZONE 'Asia/Tehran')::date`), type: 'date' },
    title: { expr: r('ci.title'), type: 'text' },
    ticker: { expr: r('ci.ticker'), type: 'text' },
  },
};

/**
 * Codal disclosures of listed companies (permission `person.legal.list` to read,
 * `person.legal.edit` to add by hand).
 */
export const codalRoutes = [
  /**
   * GET /api/person/codal-infos — `ListPage<CodalRow>`, newest first. sortBy published_at
   * (default, descending) | tracing_number | company; filters legal_person_id, kind (eq/in),
   * published_date (Tehran day, ISO, gte/lte), published_at (timestamp), title, ticker; `q` on
   * title, ticker, tracing number and company name. Bad sort or filter → 422 (Persian).
   */
  defineRoute({
    method: 'get',
    path: '/api/person/codal-infos',
    permission: 'person.legal.list',
    summary: 'Codal disclosures of listed companies: paged, sorted, filtered list',
    tags: ['company-reports'],
    query: listQuerySchema,
    response: listPageOf(codalRow),
    handler: ({ db, query }) => listPage<CodalRow>(db, codalList, query),
  }),
  /** GET /api/person/codal-infos/companies — `CompanyOption[]`: the companies with disclosures (filter options). */
  defineRoute({
    method: 'get',
    path: '/api/person/codal-infos/companies',
    permission: 'person.legal.list',
    summary: 'Companies that have Codal disclosures',
    tags: ['company-reports'],
    response: z.array(companyOption),
    handler: ({ db }) =>
      queryRows<CompanyOption>(
        db,
        sql`SELECT DISTINCT lp.id, lp.name FROM codal_infos ci JOIN legal_persons lp ON lp.id = ci.legal_person_id
            WHERE lp.deleted_at IS NULL ORDER BY lp.name`,
      ),
  }),
  /**
   * POST /api/person/codal-infos (`person.legal.edit`) — `codalInput` → `{ id }`. The publish
   * time is read in Tehran time (UTC+03:30) and stored as a timestamp; the ticker is the
   * company's. One transaction with an audit row on the company (entity `legal_person`, action
   * `create`, `after.record` = `codal_info`). Errors: 422 per field (Persian); 422 on `legal_person_id` for a
   * missing or deleted company; 422 on `tracing_number` when a disclosure already has it.
   */
  defineRoute({
    method: 'post',
    path: '/api/person/codal-infos',
    permission: 'person.legal.edit',
    summary: 'Add a Codal disclosure by hand',
    tags: ['company-reports'],
    body: codalInput,
    response: rowIdAnswer,
    async handler({ db, body, audit }) {
      const taken = () => invalid({ tracing_number: ['اطلاعیه‌ای با این شماره پیگیری پیش‌تر ثبت شده است'] });
      return uniqueGuard(
        () =>
          db.transaction(async (tx) => {
            const company = await pickedCompany(tx, body.legal_person_id);
            const [dup] = await tx
              .select({ id: codalInfos.id })
              .from(codalInfos)
              .where(eq(codalInfos.tracingNumber, body.tracing_number));
            if (dup) throw taken();
            const [row] = await tx
              .insert(codalInfos)
              .values({
                legalPersonId: company.id,
                ticker: company.ticker,
                tracingNumber: body.tracing_number,
                letterCode: body.letter_code,
                kind: body.kind,
                title: body.title,
                publishedAt: new Date(`${body.published_date}T${body.published_time}:00+03:30`),
                url: body.url,
              })
              .returning();
            await audit(tx, {
              action: 'create',
              entity: 'legal_person',
              entityId: company.id,
              after: {
                record: 'codal_info',
                record_id: row!.id,
                tracing_number: row!.tracingNumber,
                kind: row!.kind,
                title: row!.title,
                published_at: row!.publishedAt.toISOString(),
                url: row!.url,
              },
            });
            return { id: row!.id };
          }),
        taken,
      );
    },
  }),
];
