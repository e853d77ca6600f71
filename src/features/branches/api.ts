import { queryOptions } from '@tanstack/react-query';
import type { Branch, BranchInput } from '~/contract/branches.ts';
import { api } from '~/lib/http.ts';

/** The branch calls (shapes in contract/branches.ts). */

const base = (legalId: number) => `/api/person/legal-persons/${legalId}/branches`;

export const branchKeys = {
  one: (legalId: number, id: number) => ['branches', legalId, id] as const,
};

/** GET …/:lid/branches/:id: one branch with its city. */
export const branchQuery = (legalId: number, id: number) =>
  queryOptions({
    queryKey: branchKeys.one(legalId, id),
    queryFn: ({ signal }) => api<Branch>(`${base(legalId)}/${id}`, { signal, quiet: true }),
  });

/** POST …/:lid/branches (quiet: the form shows 422 messages under their fields). */
export const createBranch = (legalId: number, body: unknown) =>
  api<Branch>(base(legalId), { method: 'POST', body: body as BranchInput, quiet: true });

/** PUT …/:lid/branches/:id. */
export const updateBranch = (legalId: number, id: number, body: unknown) =>
  api<Branch>(`${base(legalId)}/${id}`, { method: 'PUT', body: body as BranchInput, quiet: true });

/** DELETE …/:lid/branches/:id (failures are toasted). */
export const deleteBranch = (legalId: number, id: number) =>
  api<{ deleted: true }>(`${base(legalId)}/${id}`, { method: 'DELETE' });
