import { z } from 'zod';
import { pickedId } from './fields.ts';
import { recordVersion, type savedRecord } from './ids.ts';
import { legalPersonInput } from './legal-person.ts';
import { truePersonInput } from './true-person.ts';

// The bodies are the descriptions' (contract/legal-person.ts, true-person.ts); named here too for
// the calls documented below.
export { type LegalPersonInput, legalPersonInput } from './legal-person.ts';
export { type TruePersonInput, truePersonInput } from './true-person.ts';

/**
 * Create and update of legal and true persons, shared by the forms (client) and the API
 * (server). Inputs accept Persian/Arabic digits and letters; outputs are canonical (ASCII
 * digits, ISO dates, amounts as digit strings in IRR). Optional fields: '' or missing → null.
 *
 * Calls (every one audited with before and after, in one transaction):
 * - POST /api/person/legal-persons (`person.legal.edit`) `legalPersonInput` → `{ data: { id, version } }`;
 *   PUT /api/person/legal-persons/{id} (`person.legal.edit`) `legalPersonInput & { version }` → `{ data: { id, version } }`.
 * - POST /api/person/true-persons (`person.true.edit`) `truePersonInput` → `{ data: { id, version } }`;
 *   PUT /api/person/true-persons/{id} (`person.true.edit`) `truePersonInput & { version }` → `{ data: { id, version } }`.
 * Errors: 422 per field (Persian); 422 on `national_id` / `national_code` when another record has
 * it, with `duplicate: { id, name, path }` (the existing record's screen path) in the body; 409
 * `stale: true` «این رکورد پس از باز شدن آن در فرم شما تغییر کرده است …» when `version` is not the
 * record's current version (nothing is overwritten); 404 when the record does not exist.
 * The detail answers (GET …/{id}) carry `version` (an integer bumped by every change).
 */

/** The `version` an update must carry: the one the form was opened with. */
export const versionField = z.object({
  version: recordVersion('نسخه رکورد نامعتبر است'),
});
export const legalPersonUpdate = legalPersonInput.extend(versionField.shape);
export const truePersonUpdate = truePersonInput.extend(versionField.shape);

/** Answer of create and update: `{ id, version }` (ids.ts `savedRecord`). */
export type SavedRecord = z.infer<typeof savedRecord>;

/** 422 body extra when the national id/code belongs to another record. */
export interface DuplicateRef {
  id: number;
  name: string;
  /** The existing record's screen, e.g. `/person/legal-persons/view/12`. */
  path: string;
}

/**
 * GET /api/logs/view-entity/{id}/{type} (`type` legal_person | true_person; permission
 * person.legal.view / person.true.view by type) → `{ data: HistoryEntry[] }`, newest first: every
 * audited change of that record (and of its shareholdings, board seats and documents, tagged by
 * `entity`), with who, when and the changed fields.
 */
export const historyEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** create | update | delete (a related entity's own actions pass as they are). */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role: z.string().nullable(),
  /**
   * Each changed field with its value before and after (null when absent): any JSON value, as
   * the audit row holds it.
   */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const HISTORY_TYPES = ['legal_person', 'true_person'] as const;
export const viewEntityParams = z.object({
  id: pickedId('شناسه نامعتبر است'),
  type: z.enum(HISTORY_TYPES, { error: 'نوع رکورد نامعتبر است' }),
});
