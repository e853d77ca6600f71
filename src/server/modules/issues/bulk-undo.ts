import type { Db } from '../../db/client.ts';
import type { AuditBatch } from '../../http/mutation.ts';
import { auditBatches, type IssueBulkUndo, owned } from './bulk-fields.ts';
import { revertLabels } from './bulk-labels.ts';
import { lockIds, writeGroups } from './bulk-write.ts';

/**
 * Reverts an issues' bulk operation (`u`, its stored undo) in `tx` at `now` → the audit batches
 * (`undo_<verb>`, tagged with `tag`, one per distinct change as the trail shows it). Each issue
 * whose fields of the verb (bulk-fields.ts `ownedKeys`) are still what it left gets them back, its
 * version bumped again; an issue whose fields were changed since is left as it is (the later change
 * wins), as is one deleted since. The issues are locked in id order first; the test and the write
 * are one UPDATE, so no issue is read back. Labels set are removed, labels removed are set again
 * with their first date (409 when the label has been deleted since).
 */
export async function revertIssueBulk(
  tx: Db,
  u: IssueBulkUndo,
  tag: Record<string, unknown>,
  now: Date,
): Promise<AuditBatch[]> {
  if (u.label) return revertLabels(tx, u.verb, u.label, tag);
  const groups = u.groups ?? [];
  if (groups.length === 0) return [];
  await lockIds(
    tx,
    groups.flatMap((g) => g.ids),
  );
  const written = await writeGroups(
    tx,
    u.verb,
    groups.map((g) => ({ ids: g.ids, to: owned(u.verb, g.before), when: owned(u.verb, g.after) })),
    now,
  );
  // the trail shows each issue going from what the verb left back to what it found
  return auditBatches(
    `undo_${u.verb}`,
    u.verb,
    groups.map((g, k) => ({ ids: written[k]!, before: g.after, after: g.before })),
    tag,
  );
}

/** The permission undoing an issues' operation needs (its entity type → permission). */
export const ISSUE_BULK_PERMISSION: Readonly<Record<string, string>> = { issue: 'issues' };
