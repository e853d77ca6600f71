import { sql } from 'drizzle-orm';
import { minutesEntity, minutesInput, minutesUpdate } from '../../../contract/company-reports.ts';
import { meetingMinutes } from '../../db/schema/index.ts';
import { crossCompanyLists } from './company-lists.ts';
import { reportWrites } from './resource.ts';

const r = (text: string) => sql.raw(text);

/**
 * Minutes of meetings (صورتجلسه) across companies (contract/company-reports.ts `minutesEntity`):
 * read with `person.legal.list`, written with `person.legal.edit`.
 * - GET /api/person/meeting-minutes — `ListPage<MinutesRow>`, latest meeting first. sortBy
 *   meeting_date (default, descending) | company | follow_up_date; filters legal_person_id,
 *   kind (eq/in), meeting_date and follow_up_date (ISO, gte/lte), title; `q` on title, company
 *   and decisions. A company soft-deleted takes its minutes out of the list.
 * - GET /api/person/meeting-minutes/companies — `CompanyOption[]`: companies with minutes.
 * - POST /api/person/meeting-minutes — `minutesInput` → `{ id, version: 1 }`; PUT `/:id`
 *   `minutesUpdate` → `{ id, version }` bumped; DELETE `/:id?version=` → `{ id }`. Errors: 422 per
 *   field (Persian), on `legal_person_id` for a missing or deleted company; 404 «صورتجلسه یافت
 *   نشد»; 409 `{ stale, current_version }`. Each write is one transaction with one audit row on
 *   the company (`record` = `meeting_minutes`; an update that moves the minutes to another company
 *   is audited on the new one, `before` naming the old).
 */
export const minutesRoutes = [
  ...crossCompanyLists({
    entity: minutesEntity,
    source: {
      from: r('meeting_minutes mm JOIN legal_persons lp ON lp.id = mm.legal_person_id'),
      columns: {
        id: r('mm.id'),
        legal_person_id: r('mm.legal_person_id'),
        company: r('lp.name'),
        meeting_date: r('mm.meeting_date'),
        kind: r('mm.kind'),
        title: r('mm.title'),
        attendees: r('mm.attendees'),
        decisions: r('mm.decisions'),
        follow_up_date: r('mm.follow_up_date'),
        version: r('mm.version'),
      },
      search: r(
        `translate(lower(mm.title || ' ' || lp.name || ' ' || mm.decisions), ' ' || chr(8204) || chr(9) || chr(10), '')`,
      ),
      where: r('lp.deleted_at IS NULL'),
    },
    table: meetingMinutes,
    companiesPath: '/api/person/meeting-minutes/companies',
    summary: {
      list: 'Minutes of meetings: paged, sorted, filtered list',
      companies: 'Companies that have minutes',
    },
  }),
  ...reportWrites({
    entity: minutesEntity,
    table: meetingMinutes,
    company: 'body',
    missing: 'صورتجلسه یافت نشد',
    input: minutesInput,
    update: minutesUpdate,
    summary: 'Minutes of meetings',
  }),
];
