import type { QueryClient } from '@tanstack/react-query';
import type { SavedRecord } from '~/contract/person-forms.ts';
import { api } from '~/lib/http.ts';
import { personKeys } from '~/lib/records.ts';

/**
 * The persons' create and update calls (contract/person-forms.ts). All quiet: the form shows
 * every refusal beside its field or in its banner.
 */

type Kind = 'legal' | 'true';
const base = (kind: Kind) => (kind === 'legal' ? '/api/person/legal-persons' : '/api/person/true-persons');

/** POST …/legal-persons | …/true-persons → `{ id, version }`. */
export const createPerson = (kind: Kind, input: unknown) =>
  api<SavedRecord>(base(kind), { method: 'POST', body: input as Record<string, unknown>, quiet: true });

/** PUT …/{id} with the version the form was opened with → `{ id, version }`. */
export const updatePerson = (kind: Kind, id: number, input: unknown) =>
  api<SavedRecord>(`${base(kind)}/${id}`, {
    method: 'PUT',
    body: input as Record<string, unknown>,
    quiet: true,
  });

/** After a save: the lists and the record (and its history) are read again. */
export async function afterSave(client: QueryClient, kind: Kind, id: number) {
  const one = kind === 'legal' ? personKeys.legalOne(id) : personKeys.trueOne(id);
  await Promise.all([
    client.invalidateQueries({ queryKey: kind === 'legal' ? personKeys.legal : personKeys.true }),
    client.invalidateQueries({ queryKey: one }),
    client.invalidateQueries({ queryKey: ['history', kind, id] }),
  ]);
}
