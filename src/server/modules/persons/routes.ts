import { sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { labelled } from '../../../contract/labels.ts';
import { legalPersonRow } from '../../../contract/legal-person.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import {
  idParams,
  legalPersonDetail as legalPersonDetailSchema,
  legalPickerRow,
  personPickerRow,
  truePersonDetail as truePersonDetailSchema,
} from '../../../contract/persons.ts';
import { truePersonRow } from '../../../contract/true-person.ts';
import { roleHolds } from '../../auth/permissions.ts';
import { legalDetailFor } from '../../auth/visibility.ts';
import { notFound } from '../../http/errors.ts';
import { listPage } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { personEditRoutes } from './edit.ts';
import { personHistoryRoutes } from './history.ts';
import { legalPersonDetail } from './legal-detail.ts';
import { legalPersonsList, legalPickerList, personPickerList, truePersonsList } from './lists.ts';
import { truePersonDetail } from './true-detail.ts';

/**
 * The persons area. Lists answer `{ data: { data: rows, total, page, per_page, next_cursor } }`
 * and take the shared list query (contract/list.ts); a bad sortBy, filter field or value is a
 * 422 with a Persian message. Shapes are in contract/persons.ts: amounts IRR as strings,
 * percentages fractions 0..1 (6 decimals, strings), dates ISO. Create/update (edit.ts) and the
 * change history (history.ts) follow contract/person-forms.ts.
 */
export const personRoutes = [
  /**
   * GET /api/person/legal-persons — `ListPage<LegalPersonRow>`. sortBy name (default) |
   * national_id | registered_capital | employees | created_at | ticker; filters status, kind,
   * ownership_type, legal_form, industry_id, province_id, registration_city_id,
   * supervising_body_id, is_listed, is_demo, registered_capital, employees, name, national_id,
   * ticker, created_at; q on name, ticker, national id.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/legal-persons',
    permission: 'person.legal.list',
    summary: 'Legal persons: paged, sorted, filtered list',
    tags: ['persons'],
    query: listQuerySchema,
    response: listPageOf(labelled(legalPersonRow)),
    handler: ({ db, query }) => listPage(db, legalPersonsList, query),
  }),
  /**
   * GET /api/person/legal-persons/:id — `LegalPersonDetail`; 404 «شخص حقوقی یافت نشد». True
   * persons' national codes (shareholders, CEO) only for a role holding `person.true.view`.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/legal-persons/:id{[0-9]+}',
    permission: 'person.legal.view',
    summary: 'One legal person: general data, branches, shareholders, holdings, current board',
    tags: ['persons'],
    params: idParams,
    response: legalPersonDetailSchema,
    async handler({ db, params, session }) {
      const detail = await legalPersonDetail(db, params.id);
      if (!detail) throw notFound('شخص حقوقی یافت نشد');
      return legalDetailFor(db, session, detail);
    },
  }),
  /**
   * GET /api/person/true-persons — `ListPage<TruePersonRow>`. sortBy last_name (default) |
   * first_name | national_code | birth_date | created_at; filters gender, education_level,
   * field_of_study, first_name, last_name, national_code, birth_city_id, province_id, birth_date,
   * is_demo; q on name and national code.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/true-persons',
    permission: 'person.true.list',
    summary: 'True persons: paged, sorted, filtered list',
    tags: ['persons'],
    query: listQuerySchema,
    response: listPageOf(labelled(truePersonRow)),
    handler: ({ db, query }) => listPage(db, truePersonsList, query),
  }),
  /** GET /api/person/true-persons/:id — `TruePersonDetail`; 404 «شخص حقیقی یافت نشد». */
  defineRoute({
    method: 'get',
    path: '/api/person/true-persons/:id{[0-9]+}',
    permission: 'person.true.view',
    summary: 'One true person: personal data, board seats, CEO posts, shareholdings',
    tags: ['persons'],
    params: idParams,
    response: truePersonDetailSchema,
    async handler({ db, params }) {
      const detail = await truePersonDetail(db, params.id);
      if (!detail) throw notFound('شخص حقیقی یافت نشد');
      return detail;
    },
  }),
  /** GET /api/person/all-legal-persons — `ListPage<LegalPickerRow>` (id, name, national_id) for pickers; q, kind, is_listed. */
  defineRoute({
    method: 'get',
    path: '/api/person/all-legal-persons',
    permission: 'person.legal.list',
    summary: 'Legal persons for pickers',
    tags: ['persons'],
    query: listQuerySchema,
    response: listPageOf(legalPickerRow),
    handler: ({ db, query }) => listPage(db, legalPickerList, query),
  }),
  /**
   * GET /api/person/all-persons — `ListPage<PersonPickerRow>` of legal and true persons for
   * pickers; q, type. True persons (names and national codes) only for a role that may list them
   * (`person.true.list`); for another role the list holds legal persons alone.
   */
  defineRoute({
    method: 'get',
    path: '/api/person/all-persons',
    permission: 'person.legal.list',
    summary: 'Legal and true persons for pickers',
    tags: ['persons'],
    query: listQuerySchema,
    response: listPageOf(personPickerRow),
    async handler({ db, query, session }) {
      const mayListTrue = await roleHolds(db, session, 'person.true.list');
      const spec = mayListTrue ? personPickerList : { ...personPickerList, where: sql`ap.type = 'legal'` };
      return listPage(db, spec, query);
    },
  }),
  ...personEditRoutes,
  ...personHistoryRoutes,
];
