import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import {
  type CompanyOption,
  companyOption,
  type MinutesRow,
  minutesInput,
  minutesRow,
  minutesUpdate,
  rowIdAnswer,
  versionQuery,
} from '../../../contract/company-reports.ts';
import { savedRecord } from '../../../contract/ids.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { idParams } from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import { meetingMinutes } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type ListSpec, listPage, queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { pickedCompany, stale } from './common.ts';

const r = (text: string) => sql.raw(text);
const MISSING = 'صورتجلسه یافت نشد';

/** The minutes list (GET /api/person/meeting-minutes); row shape `MinutesRow`. */
export const minutesList: ListSpec = {
  select: r(`mm.id, mm.legal_person_id, lp.name AS company, mm.meeting_date::text AS meeting_date, mm.kind,
    mm.title, mm.attendees, mm.decisions, mm.follow_up_date::text AS follow_up_date, mm.version`),
  from: r('meeting_minutes mm JOIN legal_persons lp ON lp.id = mm.legal_person_id'),
  id: r('mm.id'),
  search: r(
    `translate(lower(mm.title || ' ' || lp.name || ' ' || mm.decisions), ' ' || chr(8204) || chr(9) || chr(10), '')`,
  ),
  where: r('lp.deleted_at IS NULL'),
  sorts: {
    meeting_date: { expr: r('mm.meeting_date'), type: 'date' },
    company: { expr: r('lp.name'), type: 'text' },
    follow_up_date: { expr: r('mm.follow_up_date'), type: 'date', nullable: true },
  },
  defaultSort: 'meeting_date',
  defaultDescending: true,
  filters: {
    legal_person_id: { expr: r('mm.legal_person_id'), type: 'int' },
    kind: { expr: r('mm.kind'), type: 'text' },
    meeting_date: { expr: r('mm.meeting_date'), type: 'date' },
    follow_up_date: { expr: r('mm.follow_up_date'), type: 'date' },
    title: { expr: r('mm.title'), type: 'text' },
  },
};

type Row = typeof meetingMinutes.$inferSelect;
type Values = z.output<typeof minutesInput>;

/** The minutes' fields under their API names (audit before/after). */
const fields = (row: Row) => ({
  record: 'meeting_minutes',
  record_id: row.id,
  legal_person_id: row.legalPersonId,
  meeting_date: row.meetingDate,
  kind: row.kind,
  title: row.title,
  attendees: row.attendees,
  decisions: row.decisions,
  follow_up_date: row.followUpDate,
});

const columns = (v: Values) => ({
  legalPersonId: v.legal_person_id,
  meetingDate: v.meeting_date,
  kind: v.kind,
  title: v.title,
  attendees: v.attendees,
  decisions: v.decisions,
  followUpDate: v.follow_up_date,
});

/** The minutes `id` locked for update, or 404 (its company deleted counts as missing). */
async function lockedMinutes(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(meetingMinutes).where(eq(meetingMinutes.id, id)).for('update');
  if (!row) throw notFound(MISSING);
  const [live] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM legal_persons WHERE id = ${row.legalPersonId} AND deleted_at IS NULL`,
  );
  if (!live) throw notFound(MISSING);
  return row;
}

/**
 * Minutes of meetings (صورتجلسه) across companies: read with `person.legal.list`, written with
 * `person.legal.edit`. Each write is one transaction with one audit row on the company (entity
 * `legal_person`, action `create|update|delete`, `record` = `meeting_minutes` in before/after; an update that moves the
 * minutes to another company is audited on the new one, `before` naming the old).
 */
export const minutesRoutes = [
  /**
   * GET /api/person/meeting-minutes — `ListPage<MinutesRow>`, latest meeting first. sortBy
   * meeting_date (default, descending) | company | follow_up_date; filters legal_person_id,
   * kind (eq/in), meeting_date and follow_up_date (ISO, gte/lte), title; `q` on title, company
   * and decisions.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/meeting-minutes',
    permission: 'person.legal.list',
    summary: 'Minutes of meetings: paged, sorted, filtered list',
    tags: ['company-reports'],
    query: listQuerySchema,
    response: listPageOf(minutesRow),
    handler: ({ db, query }) => listPage<MinutesRow>(db, minutesList, query),
  }),
  /** GET /api/person/meeting-minutes/companies — `CompanyOption[]`: companies with minutes (filter options). */
  defineRoute({
    method: 'get',
    path: '/api/person/meeting-minutes/companies',
    permission: 'person.legal.list',
    summary: 'Companies that have minutes',
    tags: ['company-reports'],
    response: z.array(companyOption),
    handler: ({ db }) =>
      queryRows<CompanyOption>(
        db,
        sql`SELECT DISTINCT lp.id, lp.name FROM meeting_minutes mm JOIN legal_persons lp ON lp.id = mm.legal_person_id
            WHERE lp.deleted_at IS NULL ORDER BY lp.name`,
      ),
  }),
  /**
   * POST /api/person/meeting-minutes (`person.legal.edit`) — `minutesInput` → `{ id, version: 1 }`.
   * Errors: 422 per field (Persian); 422 on `legal_person_id` for a missing or deleted company.
   */
  defineRoute({
    method: 'post',
    path: '/api/person/meeting-minutes',
    permission: 'person.legal.edit',
    summary: 'Record minutes of a meeting',
    tags: ['company-reports'],
    body: minutesInput,
    response: savedRecord,
    async handler({ db, deps, body, audit, session }) {
      return db.transaction(async (tx) => {
        const company = await pickedCompany(tx, body.legal_person_id);
        const now = deps.now();
        const [row] = await tx
          .insert(meetingMinutes)
          .values({ ...columns(body), createdBy: session?.user?.id ?? null, createdAt: now, updatedAt: now })
          .returning();
        await audit(tx, {
          action: 'create',
          entity: 'legal_person',
          entityId: company.id,
          after: fields(row!),
        });
        return { id: row!.id, version: row!.version };
      });
    },
  }),
  /**
   * PUT /api/person/meeting-minutes/:id (`person.legal.edit`) — `minutesUpdate` → `{ id, version }`
   * bumped. Errors as create, plus 404 «صورتجلسه یافت نشد» and 409 `{ stale, current_version }`.
   */
  defineRoute({
    method: 'put',
    path: '/api/person/meeting-minutes/:id{[0-9]+}',
    permission: 'person.legal.edit',
    summary: 'Edit minutes (optimistic lock on version)',
    tags: ['company-reports'],
    params: idParams,
    body: minutesUpdate,
    response: savedRecord,
    async handler({ db, deps, params, body, audit }) {
      const { version, ...v } = body;
      return db.transaction(async (tx) => {
        const before = await lockedMinutes(tx, params.id);
        if (before.version !== version) throw stale(before.version);
        const company = await pickedCompany(tx, v.legal_person_id);
        const [row] = await tx
          .update(meetingMinutes)
          .set({ ...columns(v), version: sql`${meetingMinutes.version} + 1`, updatedAt: deps.now() })
          .where(and(eq(meetingMinutes.id, before.id), eq(meetingMinutes.version, version)))
          .returning();
        if (!row) throw stale(before.version);
        await audit(tx, {
          action: 'update',
          entity: 'legal_person',
          entityId: company.id,
          before: fields(before),
          after: fields(row),
        });
        return { id: row.id, version: row.version };
      });
    },
  }),
  /**
   * DELETE /api/person/meeting-minutes/:id?version= (`person.legal.edit`) → `{ id }`. Errors:
   * 404 «صورتجلسه یافت نشد», 409 on a stale version.
   */
  defineRoute({
    method: 'delete',
    path: '/api/person/meeting-minutes/:id{[0-9]+}',
    permission: 'person.legal.edit',
    summary: 'Delete minutes (optimistic lock on version)',
    tags: ['company-reports'],
    params: idParams,
    query: versionQuery,
    response: rowIdAnswer,
    async handler({ db, params, query, audit }) {
      return db.transaction(async (tx) => {
        const before = await lockedMinutes(tx, params.id);
        if (before.version !== query.version) throw stale(before.version);
        await tx.delete(meetingMinutes).where(eq(meetingMinutes.id, before.id));
        await audit(tx, {
          action: 'delete',
          entity: 'legal_person',
          entityId: before.legalPersonId,
          before: fields(before),
        });
        return { id: before.id };
      });
    },
  }),
];
