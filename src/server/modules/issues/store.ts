import { eq, sql } from 'drizzle-orm';
import { type IssueDetail, type IssueLetter, type IssueRow, issueEntity } from '../../../contract/issues.ts';
import {
  allowedIssueMoves,
  type IssueState,
  type IssueStatusContext,
} from '../../../domain/issues/issue-status.ts';
import type { Db } from '../../db/client.ts';
import { issues } from '../../db/schema/index.ts';
import { entityListSpec } from '../../http/entity-list.ts';
import { queryRows } from '../../http/list.ts';
import { labelChipsSelect, labelFilter, labelIdsColumn } from '../labels/list-sql.ts';

const r = (text: string) => sql.raw(text);
const fullName = (alias: string) => `(${alias}.first_name || ' ' || ${alias}.last_name)`;
const objectName = `COALESCE(lp.name, ${fullName('tp')}, '')`;

/**
 * Where each field of an issue lives (contract/issues.ts `issueEntity`). Every join is a LEFT JOIN
 * on a unique key (the type is never missing: a foreign key), so PostgreSQL drops those a query
 * does not read: the page-1 count of a filter by type and status reads `issues` alone.
 */
const issueSource = {
  from: r(`issues i
    LEFT JOIN issue_types t ON t.id = i.issue_type_id
    LEFT JOIN legal_persons lp ON i.object_type = 'legal_person' AND lp.id = i.object_id
    LEFT JOIN true_persons tp ON i.object_type = 'true_person' AND tp.id = i.object_id
    LEFT JOIN users a ON a.id = i.assignee_id
    LEFT JOIN users c ON c.id = i.created_by`),
  columns: {
    id: r('i.id'),
    title: r('i.title'),
    object_type: r('i.object_type'),
    object_id: r('i.object_id'),
    object: r(objectName),
    issue_type: r('i.issue_type_id'),
    issue_type_name: r('t.name'),
    priority: r('i.priority::text'),
    status: r('i.status'),
    assignee_id: r('i.assignee_id'),
    assignee: r(fullName('a')),
    due_date: r('i.due_date'),
    label: labelIdsColumn('issue', 'i.id'),
    description: r('i.description'),
    created_by: r(fullName('c')),
    created_at: r('i.created_at'),
  },
  // searchKey in SQL (domain/persian-text): lower case, no spaces or ZWNJ, over the title and the person's name
  search: r(`lower(replace(replace(i.title || ' ' || ${objectName}, chr(8204), ''), ' ', ''))`),
  anyOf: { label: labelFilter('issue', 'i.id') },
  extraSelect: labelChipsSelect('issue', 'i.id'),
};

/** The issues' paged list (http/list.ts) from the entity's description, with each row's labels. */
export const issueList = entityListSpec(issueEntity, issueSource);

/** One issue's row as the list answers it, or null. */
export async function readIssueRow(db: Db, id: number): Promise<IssueRow | null> {
  const [row] = await queryRows<IssueRow>(
    db,
    sql`SELECT ${issueList.select} FROM ${issueList.from} WHERE i.id = ${id}`,
  );
  return row ?? null;
}

/** The status statechart's context of a stored issue (domain/issues/issue-status.ts). */
export function statusContext(row: typeof issues.$inferSelect): IssueStatusContext {
  return {
    id: row.id,
    state: row.status as IssueState,
    duplicateOf: row.duplicateOf,
    declineReason: row.declineReason,
    snoozedUntil: row.snoozedUntil,
    snoozedFrom: (row.snoozedFrom as IssueState | null) ?? null,
  };
}

/** `IssueDetail` of an issue (GET /api/issues/:id), or null when there is none. */
export async function readIssue(db: Db, id: number): Promise<IssueDetail | null> {
  const [stored] = await db.select().from(issues).where(eq(issues.id, id));
  if (!stored) return null;
  const [row, details, letters] = await Promise.all([
    readIssueRow(db, id),
    queryRows<{ id: number; title: string; done: boolean }>(
      db,
      sql`SELECT id, title, done FROM issue_details WHERE issue_id = ${id} ORDER BY sort, id`,
    ),
    queryRows<IssueLetter>(
      db,
      sql`SELECT id, direction, reference_number, letter_date::text AS letter_date, sender, recipient,
            subject, body, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM issue_letters WHERE issue_id = ${id} ORDER BY letter_date, id`,
    ),
  ]);
  return {
    ...row!,
    description: stored.description,
    duplicate_of: stored.duplicateOf,
    decline_reason: stored.declineReason,
    snoozed_until: stored.snoozedUntil,
    allowed_moves: allowedIssueMoves(statusContext(stored)),
    details,
    letters,
  };
}

/** Whether the record an issue is about exists (and is not deleted). */
export async function objectExists(db: Db, type: string, id: number): Promise<boolean> {
  const table = type === 'legal_person' ? r('legal_persons') : r('true_persons');
  const [row] = await queryRows(db, sql`SELECT 1 FROM ${table} WHERE id = ${id} AND deleted_at IS NULL`);
  return !!row;
}

/** The staff an issue may be assigned to: active users one of whose roles holds `issues`. */
export function assignees(db: Db) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT DISTINCT u.id, ${r(fullName('u'))} AS name, u.last_name, u.first_name
        FROM users u
        JOIN user_roles ur ON ur.user_id = u.id
        JOIN roles ro ON ro.id = ur.role_id
        LEFT JOIN role_permissions rp ON rp.role_id = ro.id
        LEFT JOIN permissions p ON p.id = rp.permission_id
        WHERE u.status = 'active' AND (ro.type = 'super_admin' OR p.ident = 'issues')
        ORDER BY u.last_name, u.first_name, u.id`,
  ).then((rows) => rows.map(({ id, name }) => ({ id, name })));
}

/** Whether a user may be assigned an issue (see `assignees`). */
export async function mayBeAssigned(db: Db, userId: number): Promise<boolean> {
  return (await assignees(db)).some((u) => u.id === userId);
}
