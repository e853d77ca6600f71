import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type HistoryEntry,
  historyEntry,
  legalPersonInput,
  truePersonInput,
  viewEntityParams,
} from '../../../contract/person-forms.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * The change history of a legal or true person, read from audit_log: the record's own rows
 * (entity `legal_person` / `true_person`, entity_id its id) and the rows of related entities
 * whose `before` or `after` names the person under one of the API fields below (so whoever audits
 * shareholdings, boards, board seats, branches, contacts or documents with these field names
 * shows up here with no change to this file).
 */

type HistoryType = 'legal_person' | 'true_person';

/** Related entity → the fields of its audited before/after that point at the person. */
const RELATED: Record<HistoryType, { entity: string; fields: string[]; ownerType?: 'legal' | 'true' }[]> = {
  legal_person: [
    { entity: 'shareholding', fields: ['company_id', 'holder_legal_id'] },
    { entity: 'board', fields: ['company_id'] },
    { entity: 'board_seat', fields: ['company_id', 'holder_legal_id'] },
    { entity: 'branch', fields: ['legal_person_id'] },
    { entity: 'contact', fields: ['owner_id'], ownerType: 'legal' },
    { entity: 'document', fields: ['owner_id'], ownerType: 'legal' },
  ],
  true_person: [
    { entity: 'shareholding', fields: ['holder_true_id'] },
    { entity: 'board', fields: ['ceo_id'] },
    { entity: 'board_seat', fields: ['holder_true_id', 'representative_id'] },
    { entity: 'contact', fields: ['owner_id'], ownerType: 'true' },
    { entity: 'document', fields: ['owner_id'], ownerType: 'true' },
  ],
};

/** `a.before` or `a.after` has `field` = id (as a JSON number or string). */
function names(field: string, id: number, ownerType?: string): SQL {
  const side = (col: SQL) => {
    const owner = ownerType ? sql` AND ${col}->>'owner_type' = ${ownerType}::text` : sql``;
    return sql`(${col}->>${field}::text = ${String(id)}${owner})`;
  };
  return sql`(${side(sql.raw('a.before'))} OR ${side(sql.raw('a.after'))})`;
}

interface AuditRow {
  id: number;
  at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  user_id: number | null;
  user_name: string | null;
  role: string | null;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : v == null
      ? {}
      : { value: v };

/** The form's field order per entity (jsonb keeps keys in its own order), for `changes`. */
const FIELD_ORDER: Record<string, string[]> = {
  legal_person: Object.keys(legalPersonInput.shape),
  true_person: Object.keys(truePersonInput.shape),
};

/** `fields` in the entity's form order; fields the form does not know keep their order, last. */
function ordered(entity: string, fields: string[]): string[] {
  const order = FIELD_ORDER[entity];
  if (!order) return fields;
  const rank = (f: string) => {
    const i = order.indexOf(f);
    return i < 0 ? order.length : i;
  };
  return fields
    .map((f, i) => ({ f, i }))
    .sort((x, y) => rank(x.f) - rank(y.f) || x.i - y.i)
    .map((x) => x.f);
}

/**
 * The changed fields of one audit row: every `after` key for a create, every `before` key for
 * a delete, else the keys whose values differ; in the entity's form order where known.
 */
export function changesOf(
  action: string,
  before: unknown,
  after: unknown,
  entity = '',
): HistoryEntry['changes'] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = (r: Record<string, unknown>) => ordered(entity, Object.keys(r));
  if (action === 'create') return keys(a).map((field) => ({ field, before: null, after: a[field] ?? null }));
  if (action === 'delete') return keys(b).map((field) => ({ field, before: b[field] ?? null, after: null }));
  const out: HistoryEntry['changes'] = [];
  for (const field of ordered(entity, [...new Set([...Object.keys(a), ...Object.keys(b)])])) {
    const x = b[field] ?? null;
    const y = a[field] ?? null;
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ field, before: x, after: y });
  }
  return out;
}

/** Every audited change of the person `id` of `type` and of its related rows, newest first. */
export async function entityHistory(db: Db, type: HistoryType, id: number): Promise<HistoryEntry[]> {
  const related = RELATED[type].map(
    (r) =>
      sql`(a.entity = ${r.entity} AND (${sql.join(
        r.fields.map((f) => names(f, id, r.ownerType)),
        sql` OR `,
      )}))`,
  );
  const relatedEntities = RELATED[type].map((r) => r.entity);
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT a.id, ${isoTimestamp(sql.raw('a.at'))} AS at, a.action, a.entity, a.entity_id,
          a.before, a.after, u.id AS user_id, NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name,
          r.title AS role
        FROM (
          SELECT * FROM audit_log WHERE entity = ${type} AND entity_id = ${String(id)}
          UNION ALL
          SELECT * FROM audit_log a
          WHERE a.entity IN (${sql.join(
            relatedEntities.map((e) => sql`${e}`),
            sql`, `,
          )}) AND (${sql.join(related, sql` OR `)})
        ) a
        LEFT JOIN users u ON u.id = a.user_id
        LEFT JOIN roles r ON r.id = a.role_id
        ORDER BY a.at DESC, a.id DESC`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    role: r.role,
    changes: changesOf(r.action, r.before, r.after, r.entity),
  }));
}

const idOnly = viewEntityParams.pick({ id: true });

/**
 * GET /api/logs/view-entity/:id/legal_person (`person.legal.view`) → `HistoryEntry[]`, newest
 * first: each audited change of the legal person and of its shareholdings, boards, board seats,
 * branches, contacts and documents (`entity` tells which), with the user (id, full name), the
 * role's Persian title, `at` ISO 8601 UTC and `changes` (field, before, after; values as the
 * API writes them: amounts IRR digit strings, dates ISO). An unknown id answers `[]`; an id of
 * digits beyond an `integer` 422; a non-numeric one matches no route (404).
 */
const legalHistory = defineRoute({
  method: 'get',
  path: '/api/logs/view-entity/:id{[0-9]+}/legal_person',
  permission: 'person.legal.view',
  summary: 'Change history of a legal person',
  tags: ['persons'],
  params: idOnly,
  response: z.array(historyEntry),
  handler: ({ db, params }) => entityHistory(db, 'legal_person', params.id),
});

/**
 * GET /api/logs/view-entity/:id/true_person (`person.true.view`) → `HistoryEntry[]` of the true
 * person and of its shareholdings, board seats (held or as representative), CEO posts, contacts
 * and documents, as the legal person's history above.
 */
const trueHistory = defineRoute({
  method: 'get',
  path: '/api/logs/view-entity/:id{[0-9]+}/true_person',
  permission: 'person.true.view',
  summary: 'Change history of a true person',
  tags: ['persons'],
  params: idOnly,
  response: z.array(historyEntry),
  handler: ({ db, params }) => entityHistory(db, 'true_person', params.id),
});

export const personHistoryRoutes = [legalHistory, trueHistory];
