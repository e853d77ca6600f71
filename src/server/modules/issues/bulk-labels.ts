import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import type { AuditBatch } from '../../http/mutation.ts';
import { type IssueBulkUndo, ints } from './bulk-fields.ts';

/** The triage verbs `label` and `unlabel` on many issues, and their undo. */

type IssueLabel = { id: number; name: string };

/** The label `id`, which must apply to issues when `setting` (422 on `label_id` otherwise). */
async function issueLabel(tx: Db, id: number, setting: boolean): Promise<IssueLabel> {
  const [label] = await queryRows<{ id: number; name: string; object_types: string[] }>(
    tx,
    sql`SELECT id, name, object_types FROM labels WHERE id = ${id}`,
  );
  if (!label) throw invalid({ label_id: ['برچسب یافت نشد'] });
  if (setting && !label.object_types.includes('issue'))
    throw invalid({ label_id: [`برچسب «${label.name}» برای موضوعات تعریف نشده است`] });
  return { id: Number(label.id), name: label.name };
}

/** One audit batch `action` on `ids` (none when empty), the label going from `from` to `to`. */
const labelAudits = (
  action: string,
  ids: number[],
  tag: Record<string, unknown>,
  from: string | null,
  to: string | null,
): AuditBatch[] =>
  ids.length
    ? [
        {
          action,
          entity: 'issue',
          entityIds: ids,
          before: { ...tag, label: from },
          after: { ...tag, label: to },
        },
      ]
    : [];

/**
 * Sets (`label`) or removes (`unlabel`) label `labelId` on issues `ids` (which exist) at `now` →
 * the undo, its audit batch (`bulk_label` / `bulk_unlabel`, tagged with `tag`), how many changed
 * and why the others were skipped (they had it already / did not have it). 422 when the label is
 * unknown, or not for issues when setting it.
 */
export async function runLabelVerb(
  tx: Db,
  verb: 'label' | 'unlabel',
  labelId: number,
  ids: readonly number[],
  tag: Record<string, unknown>,
  now: Date,
): Promise<{ undo: IssueBulkUndo; audits: AuditBatch[]; changed: number; skipped: string }> {
  const label = await issueLabel(tx, labelId, verb === 'label');
  if (verb === 'label') {
    const rows = await queryRows<{ entity_id: number }>(
      tx,
      sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
          SELECT ${label.id}::int, 'issue', x.id, ${now.toISOString()}::timestamptz FROM unnest(${ints(ids)}) AS x(id)
          ON CONFLICT DO NOTHING RETURNING entity_id`,
    );
    const done = rows.map((r) => Number(r.entity_id));
    return {
      undo: { action: 'issue_bulk', verb, label: { ...label, ids: done } },
      audits: labelAudits('bulk_label', done, tag, null, label.name),
      changed: done.length,
      skipped: 'این برچسب را از پیش داشت',
    };
  }
  const rows = await queryRows<{ entity_id: number; at: string }>(
    tx,
    sql`DELETE FROM entity_labels WHERE label_id = ${label.id} AND entity_type = 'issue' AND entity_id = ANY(${ints(ids)})
        RETURNING entity_id, ${isoTimestamp(sql.raw('created_at'))} AS at`,
  );
  const done = rows.map((r) => Number(r.entity_id));
  return {
    undo: { action: 'issue_bulk', verb, label: { ...label, ids: done, at: rows.map((r) => r.at) } },
    audits: labelAudits('bulk_unlabel', done, tag, label.name, null),
    changed: done.length,
    skipped: 'این برچسب را نداشت',
  };
}

/**
 * Reverts a `label` / `unlabel` verb (`label` of its undo): labels set are removed, labels removed
 * are set again with their first date on the issues that still exist → the audit batch
 * (`undo_label` / `undo_unlabel`, tagged with `tag`). 409 when the label has been deleted since.
 */
export async function revertLabels(
  tx: Db,
  verb: IssueBulkUndo['verb'],
  l: NonNullable<IssueBulkUndo['label']>,
  tag: Record<string, unknown>,
): Promise<AuditBatch[]> {
  if (verb === 'label') {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM entity_labels WHERE label_id = ${l.id} AND entity_type = 'issue'
          AND entity_id = ANY(${ints(l.ids)}) RETURNING entity_id AS id`,
    );
    return labelAudits(
      'undo_label',
      rows.map((r) => Number(r.id)),
      tag,
      l.name,
      null,
    );
  }
  const [label] = await queryRows(tx, sql`SELECT id FROM labels WHERE id = ${l.id}`);
  if (!label) throw new HttpError(409, 'برچسب این عملیات در این فاصله حذف شده است و نمی‌توان آن را برگرداند');
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
        SELECT ${l.id}::int, 'issue', x.id, x.at::timestamptz
        FROM unnest(${ints(l.ids)}, ${sql.param(l.at ?? [])}::text[]) AS x(id, at)
        WHERE EXISTS (SELECT 1 FROM issues WHERE id = x.id)
        ON CONFLICT DO NOTHING RETURNING entity_id AS id`,
  );
  return labelAudits(
    'undo_unlabel',
    rows.map((r) => Number(r.id)),
    tag,
    null,
    l.name,
  );
}
