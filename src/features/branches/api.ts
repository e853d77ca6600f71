import { type Branch, branchEntity } from '~/contract/branches.ts';
import { ownedApi } from '~/lib/owned-api.ts';

/** The branch calls of company `legalId` (contract/branches.ts `branchEntity`, lib/owned-api.ts). */
export const branchCalls = (legalId: number) =>
  ownedApi<Branch>(branchEntity, { type: 'legal', id: legalId });

/** GET …/:lid/branches/:id: one branch with its city (the update page's loader and form). */
export const branchQuery = (legalId: number, id: number) => branchCalls(legalId).one(id);
