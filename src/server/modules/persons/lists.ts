import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../http/list.ts';

/** SQL fragments are static text: every user value travels as a parameter. */
const r = (text: string) => sql.raw(text);

/** The legal persons list (GET /api/person/legal-persons); row shape `LegalPersonRow`. */
export const legalPersonsList: ListSpec = {
  select: r(`lp.id, lp.name, lp.kind, lp.national_id, lp.ticker, i.name AS industry, lp.ownership_type,
    lp.status, lp.registered_capital::text AS registered_capital, lp.employees, lp.is_listed, lp.is_demo,
    p.name AS province`),
  from: r(`legal_persons lp
    LEFT JOIN industries i ON i.id = lp.industry_id
    LEFT JOIN cities c ON c.id = lp.registration_city_id
    LEFT JOIN provinces p ON p.id = c.province_id`),
  id: r('lp.id'),
  search: r('lp.search_text'),
  sorts: {
    name: { expr: r('lp.name'), type: 'text' },
    national_id: { expr: r('lp.national_id'), type: 'text', nullable: true },
    // served by legal_persons_capital_idx (registered_capital DESC NULLS LAST, id)
    registered_capital: {
      expr: r('lp.registered_capital'),
      type: 'numeric',
      nullable: true,
      nulls: 'low',
      tie: 'opposite',
    },
    employees: { expr: r('lp.employees'), type: 'int', nullable: true },
    created_at: { expr: r('lp.created_at'), type: 'timestamp' },
    ticker: { expr: r('lp.ticker'), type: 'text', nullable: true },
  },
  defaultSort: 'name',
  filters: {
    status: { expr: r('lp.status'), type: 'text' },
    kind: { expr: r('lp.kind'), type: 'text' },
    ownership_type: { expr: r('lp.ownership_type'), type: 'text' },
    legal_form: { expr: r('lp.legal_form'), type: 'text' },
    industry_id: { expr: r('lp.industry_id'), type: 'int' },
    province_id: { expr: r('c.province_id'), type: 'int' },
    registration_city_id: { expr: r('lp.registration_city_id'), type: 'int' },
    supervising_body_id: { expr: r('lp.supervising_body_id'), type: 'int' },
    is_listed: { expr: r('lp.is_listed'), type: 'bool' },
    is_demo: { expr: r('lp.is_demo'), type: 'bool' },
    registered_capital: { expr: r('lp.registered_capital'), type: 'numeric' },
    employees: { expr: r('lp.employees'), type: 'int' },
    name: { expr: r('lp.name'), type: 'text' },
    national_id: { expr: r('lp.national_id'), type: 'text' },
    ticker: { expr: r('lp.ticker'), type: 'text' },
    created_at: { expr: r('lp.created_at'), type: 'timestamp' },
  },
};

/** The true persons list (GET /api/person/true-persons); row shape `TruePersonRow`. */
export const truePersonsList: ListSpec = {
  select: r(`tp.id, tp.first_name, tp.last_name, tp.father_name, tp.national_code, tp.gender, tp.mobile,
    tp.birth_date::text AS birth_date, c.name AS birth_city, tp.education_level, tp.field_of_study, tp.is_demo`),
  from: r('true_persons tp LEFT JOIN cities c ON c.id = tp.birth_city_id'),
  id: r('tp.id'),
  search: r('tp.search_text'),
  sorts: {
    last_name: { expr: r('tp.last_name'), type: 'text' },
    first_name: { expr: r('tp.first_name'), type: 'text' },
    national_code: { expr: r('tp.national_code'), type: 'text', nullable: true },
    birth_date: { expr: r('tp.birth_date'), type: 'date', nullable: true },
    created_at: { expr: r('tp.created_at'), type: 'timestamp' },
  },
  defaultSort: 'last_name',
  filters: {
    gender: { expr: r('tp.gender'), type: 'text' },
    education_level: { expr: r('tp.education_level'), type: 'text' },
    field_of_study: { expr: r('tp.field_of_study'), type: 'text' },
    first_name: { expr: r('tp.first_name'), type: 'text' },
    last_name: { expr: r('tp.last_name'), type: 'text' },
    national_code: { expr: r('tp.national_code'), type: 'text' },
    birth_city_id: { expr: r('tp.birth_city_id'), type: 'int' },
    province_id: { expr: r('c.province_id'), type: 'int' },
    birth_date: { expr: r('tp.birth_date'), type: 'date' },
    is_demo: { expr: r('tp.is_demo'), type: 'bool' },
  },
};

/** Picker rows of legal persons (GET /api/person/all-legal-persons); `LegalPickerRow`. */
export const legalPickerList: ListSpec = {
  select: r('lp.id, lp.name, lp.national_id'),
  from: r('legal_persons lp'),
  id: r('lp.id'),
  search: r('lp.search_text'),
  sorts: { name: { expr: r('lp.name'), type: 'text' }, id: { expr: r('lp.id'), type: 'int' } },
  defaultSort: 'name',
  filters: {
    kind: { expr: r('lp.kind'), type: 'text' },
    is_listed: { expr: r('lp.is_listed'), type: 'bool' },
  },
};

/**
 * Picker rows of both kinds (GET /api/person/all-persons); `PersonPickerRow`. `key` = id·2 for
 * legal persons and id·2 + 1 for true persons, unique across both.
 */
export const personPickerList: ListSpec = {
  select: r('ap.key, ap.type, ap.id, ap.name, ap.national_id'),
  from: r(`(SELECT id * 2 AS key, 'legal' AS type, id, name, national_id, search_text FROM legal_persons
    UNION ALL
    SELECT id * 2 + 1, 'true', id, first_name || ' ' || last_name, national_code, search_text
    FROM true_persons) ap`),
  id: r('ap.key'),
  search: r('ap.search_text'),
  sorts: { name: { expr: r('ap.name'), type: 'text' } },
  defaultSort: 'name',
  filters: { type: { expr: r('ap.type'), type: 'text' } },
};
