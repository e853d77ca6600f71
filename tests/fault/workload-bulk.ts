import { sql } from 'drizzle-orm';
import { labelInput } from '../../src/contract/labels.ts';
import { normalizePersian } from '../../src/domain/persian-text.ts';
import type { ApiClient } from '../support/api-client.ts';
import {
  compareAudits,
  diff,
  type FaultRun,
  newVerdict,
  type Snapshot,
  sleep,
  type Verdict,
  type Write,
} from './fault-kit.ts';
import {
  createLegal,
  type LegalRefs,
  type LegalRow,
  PERSON_PREFIX,
  type PersonBook,
} from './workload-persons.ts';

/**
 * Bulk operations (POST /api/person/legal-persons/bulk): each group is 4–12 legal persons created
 * for it (the form's API, booked with the persons), a label made for it alone (POST /api/labels),
 * then a bulk label of the group and, often, a bulk delete of it. A bulk call writes, in one
 * transaction, the change on every record, one audit row per record and its bulk_operations row.
 *
 * The check per group: the label is there with its fields or not at all; the bulk label left
 * either the label on every record of the group, an audit row for each and its operation row
 * (undo data naming exactly the group), or none of these; the same for the bulk delete (every
 * record deleted at the same instant, or none).
 */

export const LABEL_PREFIX = normalizePersian('برچسب پایداری');

interface Group {
  name: string;
  /** Ids of the group's records whose create was acknowledged: the selection. */
  ids: number[];
  /** National ids of every record created for the group (acknowledged or not). */
  nationalIds: string[];
  label: { write: Write; values: { name: string; color: string; object_types: string[] } } | null;
  bulkLabel: Write | null;
  bulkDelete: Write | null;
}

export class BulkBook {
  readonly groups: Group[] = [];
}

export async function bulkWorker(
  run: FaultRun,
  c: ApiClient,
  name: string,
  book: BulkBook,
  persons: PersonBook,
  refs: LegalRefs,
) {
  const rng = run.rng(name);
  let g = 0;
  while (run.writing) {
    g++;
    const group: Group = {
      name: `${name}-${g}`,
      ids: [],
      nationalIds: [],
      label: null,
      bulkLabel: null,
      bulkDelete: null,
    };
    book.groups.push(group);
    const size = rng.int(4, 12);
    for (let i = 1; i <= size && run.writing; i++) {
      const t = await createLegal(run, c, persons, rng, `${PERSON_PREFIX} ${group.name}-${i}`, refs, 'bulk');
      group.nationalIds.push(t.nationalId);
      if (t.id !== null) group.ids.push(t.id);
      else await sleep(300);
    }
    if (group.ids.length === 0 || !run.writing) continue;
    const body = {
      name: `${LABEL_PREFIX} ${group.name}`,
      color: `#${rng.digits(6)}`,
      object_types: ['legal_person'],
    };
    const lw = await run.write(c, 'label.create', 'POST', '/api/labels', { json: body });
    group.label = { write: lw, values: labelInput.parse(body) };
    if (lw.outcome !== 'acked') {
      await sleep(300);
      continue;
    }
    group.bulkLabel = await run.write(c, 'bulk.label', 'POST', '/api/person/legal-persons/bulk', {
      json: { action: 'label', labelId: lw.answer.data.id, ids: group.ids },
    });
    if (group.bulkLabel.outcome !== 'acked') await sleep(300);
    if (run.writing && rng.chance(0.7)) {
      group.bulkDelete = await run.write(c, 'bulk.delete', 'POST', '/api/person/legal-persons/bulk', {
        json: { action: 'delete', ids: group.ids },
      });
      if (group.bulkDelete.outcome !== 'acked') await sleep(300);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading back

interface OperationRow {
  id: string;
  user_id: number;
  action: string;
  entity_type: string;
  affected: number;
  undo: any;
  undone: boolean;
}

const sameSet = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((x, i) => x === [...b].sort((p, q) => p - q)[i]);

export async function verifyBulk(
  snap: Snapshot,
  book: BulkBook,
  rows: Map<string, LegalRow>,
  userId: number,
): Promise<Verdict[]> {
  const labelV = newVerdict('label.create');
  const labelOp = newVerdict('bulk.label');
  const deleteOp = newVerdict('bulk.delete');
  const labels = await snap.q<{ id: number; name: string; color: string; object_types: string[] }>(
    sql`SELECT id, name, color, object_types FROM labels WHERE name LIKE ${`${LABEL_PREFIX}%`}`,
  );
  const labelByName = new Map(labels.map((l) => [l.name, l]));
  const links = await snap.q<{ label_id: number; entity_id: number }>(
    sql`SELECT label_id, entity_id FROM entity_labels WHERE entity_type = 'legal_person'
          AND label_id IN (SELECT id FROM labels WHERE name LIKE ${`${LABEL_PREFIX}%`})`,
  );
  const ops = (
    await snap.q<OperationRow>(
      sql`SELECT id, user_id, action, entity_type, affected, undo, undone_at IS NOT NULL AS undone FROM bulk_operations`,
    )
  ).map((o) => ({ ...o, undo: typeof o.undo === 'string' ? JSON.parse(o.undo) : o.undo }));
  const rowById = new Map([...rows.values()].map((r) => [r.id, r]));

  for (const g of book.groups) {
    const who = `bulk group ${g.name} (${g.ids.length} records)`;
    // Records of the group whose create was never answered stay out of every operation.
    for (const nid of g.nationalIds) {
      const r = rows.get(nid);
      if (r && !g.ids.includes(r.id) && r.deleted_ms !== null)
        deleteOp.half.push(`${who}: record ${r.id}, outside the selection, was deleted`);
    }
    if (!g.label) continue;
    const lw = g.label.write;
    const labelRow = labelByName.get(g.label.values.name);
    labelByName.delete(g.label.values.name);
    const labelAudits = snap.audits.get(lw.rid) ?? [];
    const labelId = lw.outcome === 'acked' ? (lw.answer.data.id as number) : (labelRow?.id ?? null);
    const ltag = `${who}: label «${g.label.values.name}» [${lw.rid}, ${lw.outcome}]`;
    if (lw.outcome === 'acked') labelV.acked++;
    if (labelAudits.length === 0) {
      if (lw.outcome === 'acked') labelV.lost.push(`${ltag}: acknowledged, but its audit row is missing`);
      else if (labelRow) labelV.half.push(`${ltag}: the label is there without its audit row`);
      else if (lw.outcome === 'unsure') labelV.unsureAbsent++;
    } else {
      const into = lw.outcome === 'acked' ? labelV.lost : labelV.half;
      const problems = [
        compareAudits(labelAudits, [
          { action: 'create', entity: 'label', entity_id: labelId ?? '*', after: g.label.values },
        ]),
        labelRow ? diff(labelRow, g.label.values).join('; ') : 'the label row is missing',
        labelRow && labelId !== labelRow.id ? `stored as ${labelRow.id}, answered ${labelId}` : '',
      ].filter(Boolean);
      if (lw.outcome === 'refused' || lw.outcome === 'not_sent')
        labelV.half.push(`${ltag}: refused, yet written`);
      else if (problems.length) into.push(`${ltag}: ${problems.join('; ')}`);
      else if (lw.outcome === 'acked') labelV.checked++;
      else labelV.unsureComplete++;
    }

    // The bulk label: the label on all of the selection, its audit rows and operation row, or nothing.
    const linked = labelRow ? links.filter((l) => l.label_id === labelRow.id).map((l) => l.entity_id) : [];
    const labelOps =
      labelId === null ? [] : ops.filter((o) => o.action === 'label' && o.undo?.labelId === labelId);
    if (g.bulkLabel) {
      const w = g.bulkLabel;
      const audits = snap.audits.get(w.rid) ?? [];
      const tag = `${who}: bulk label [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
      if (w.outcome === 'acked') labelOp.acked++;
      const opId: string | undefined =
        w.outcome === 'acked' ? w.answer.data.operation.id : audits[0]?.after?.bulk_operation;
      const committed = audits.length > 0 || linked.length > 0 || labelOps.length > 0;
      if (!committed) {
        if (w.outcome === 'acked')
          labelOp.lost.push(
            `${tag}: acknowledged, but no record carries the label, no audit row, no operation row`,
          );
        else if (w.outcome === 'unsure') labelOp.unsureAbsent++;
      } else {
        const op = ops.find((o) => o.id === opId);
        const problems = [
          compareAudits(
            audits,
            g.ids.map((id) => ({
              action: 'bulk_label',
              entity: 'legal_person',
              entity_id: id,
              before: { bulk_operation: opId, label: null },
              after: { bulk_operation: opId, label: g.label!.values.name },
            })),
          ),
          sameSet(linked, g.ids) ? '' : `${linked.length} of ${g.ids.length} records carry the label`,
          !op
            ? 'its bulk_operations row is missing'
            : [
                op.entity_type !== 'legal_person' ? `entity_type ${op.entity_type}` : '',
                op.user_id !== userId ? `made by user ${op.user_id}` : '',
                op.affected !== g.ids.length ? `affected ${op.affected}` : '',
                sameSet(op.undo?.ids ?? [], g.ids) ? '' : 'undo names other records',
                op.undo?.labelName !== g.label.values.name ? 'undo names another label' : '',
                op.undone ? 'marked undone' : '',
              ]
                .filter(Boolean)
                .join(', '),
          labelOps.length > 1 ? `${labelOps.length} operation rows for one call` : '',
          w.outcome === 'acked' && w.answer.data.operation.affected !== g.ids.length
            ? `answered affected ${w.answer.data.operation.affected}`
            : '',
        ].filter(Boolean);
        if (w.outcome === 'refused' || w.outcome === 'not_sent')
          labelOp.half.push(`${tag}: refused, yet written`);
        else if (problems.length)
          (w.outcome === 'acked' ? labelOp.lost : labelOp.half).push(`${tag}: ${problems.join('; ')}`);
        else if (w.outcome === 'acked') labelOp.checked++;
        else labelOp.unsureComplete++;
      }
    } else if (linked.length || labelOps.length) {
      labelOp.half.push(`${who}: records carry the label though no bulk label was sent`);
    }

    // The bulk delete: every record of the selection deleted at one instant with audit and operation rows, or none.
    const deleted = g.ids.filter((id) => rowById.get(id)?.deleted_ms != null);
    const deleteOps = ops.filter(
      (o) => o.action === 'delete' && (o.undo?.ids ?? []).some((id: number) => g.ids.includes(id)),
    );
    if (g.bulkDelete) {
      const w = g.bulkDelete;
      const audits = snap.audits.get(w.rid) ?? [];
      const tag = `${who}: bulk delete [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
      if (w.outcome === 'acked') deleteOp.acked++;
      const opId: string | undefined =
        w.outcome === 'acked' ? w.answer.data.operation.id : audits[0]?.after?.bulk_operation;
      const committed = audits.length > 0 || deleted.length > 0 || deleteOps.length > 0;
      if (!committed) {
        if (w.outcome === 'acked')
          deleteOp.lost.push(
            `${tag}: acknowledged, but no record is deleted, no audit row, no operation row`,
          );
        else if (w.outcome === 'unsure') deleteOp.unsureAbsent++;
      } else {
        const op = ops.find((o) => o.id === opId);
        const at: string | undefined = op?.undo?.deletedAt ?? audits[0]?.after?.deleted_at;
        const instants = new Set(g.ids.map((id) => rowById.get(id)?.deleted_ms ?? null));
        const problems = [
          compareAudits(
            audits,
            g.ids.map((id) => ({
              action: 'bulk_delete',
              entity: 'legal_person',
              entity_id: id,
              before: { bulk_operation: opId, deleted_at: null },
              after: { bulk_operation: opId, deleted_at: at },
            })),
          ),
          deleted.length === g.ids.length ? '' : `${deleted.length} of ${g.ids.length} records deleted`,
          instants.size === 1 && at && [...instants][0] === Date.parse(at)
            ? ''
            : 'records deleted at other instants',
          !op
            ? 'its bulk_operations row is missing'
            : [
                op.affected !== g.ids.length ? `affected ${op.affected}` : '',
                op.user_id !== userId ? `made by user ${op.user_id}` : '',
                sameSet(op.undo?.ids ?? [], g.ids) ? '' : 'undo names other records',
                op.undone ? 'marked undone' : '',
              ]
                .filter(Boolean)
                .join(', '),
          deleteOps.length > 1 ? `${deleteOps.length} operation rows` : '',
        ].filter(Boolean);
        if (w.outcome === 'refused' || w.outcome === 'not_sent')
          deleteOp.half.push(`${tag}: refused, yet written`);
        else if (problems.length)
          (w.outcome === 'acked' ? deleteOp.lost : deleteOp.half).push(`${tag}: ${problems.join('; ')}`);
        else if (w.outcome === 'acked') deleteOp.checked++;
        else deleteOp.unsureComplete++;
      }
    } else if (deleted.length || deleteOps.length) {
      deleteOp.half.push(`${who}: records deleted though no bulk delete was sent`);
    }
  }
  for (const l of labelByName.values())
    labelV.half.push(`label ${l.id} «${l.name}» is there but no write of the run made it`);
  return [labelV, labelOp, deleteOp];
}
