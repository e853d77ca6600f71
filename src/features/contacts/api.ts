import { queryOptions } from '@tanstack/react-query';
import type { Contact, ContactInput } from '~/contract/contacts.ts';
import type { OwnerType } from '~/contract/documents.ts';
import { api } from '~/lib/http.ts';

/** The contacts calls (shapes in contract/contacts.ts). */

const base = (type: OwnerType, id: number) =>
  `/api/person/${type === 'legal' ? 'legal-persons' : 'true-persons'}/${id}/contacts`;

export const contactKeys = {
  all: ['contacts'] as const,
  owner: (type: OwnerType, id: number) => ['contacts', type, id] as const,
};

/** GET …/:id/contacts: primary first, by kind. */
export const ownerContactsQuery = (type: OwnerType, id: number) =>
  queryOptions({
    queryKey: contactKeys.owner(type, id),
    queryFn: ({ signal }) => api<Contact[]>(base(type, id), { signal, quiet: true }),
  });

/** POST …/:id/contacts (quiet: the dialog shows 422 messages under their fields). */
export const createContact = (type: OwnerType, id: number, body: ContactInput) =>
  api<Contact>(base(type, id), { method: 'POST', body, quiet: true });

/** PUT …/:id/contacts/:contactId. */
export const updateContact = (type: OwnerType, id: number, contactId: number, body: ContactInput) =>
  api<Contact>(`${base(type, id)}/${contactId}`, { method: 'PUT', body, quiet: true });

/** DELETE …/:id/contacts/:contactId (failures are toasted). */
export const deleteContact = (type: OwnerType, id: number, contactId: number) =>
  api<{ deleted: true }>(`${base(type, id)}/${contactId}`, { method: 'DELETE' });
