import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CompanyShareholders } from '~/contract/boards.ts';
import type { ChainsAnswer, CompanyOwners } from '~/contract/ownership.ts';
import { api } from '~/lib/http.ts';
import { type OwnershipSearch, ownershipApiQuery } from '~/lib/ownership-search.ts';

/** GET /api/person/shareholders/:id: a company's direct shareholders with totals (contract/boards.ts). */
export const shareholdersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['shareholders', companyId],
    queryFn: ({ signal }) =>
      api<CompanyShareholders>(`/api/person/shareholders/${companyId}`, { signal, quiet: true }),
  });

/** GET /api/ownership/legal-persons/:id/owners: direct and integrated holders, the controller (contract/ownership.ts). */
export const ownersQuery = (companyId: number, search: OwnershipSearch) =>
  queryOptions({
    queryKey: ['ownership', 'owners', companyId, search.as_of ?? null, search.threshold ?? null],
    queryFn: ({ signal }) =>
      api<CompanyOwners>(`/api/ownership/legal-persons/${companyId}/owners`, {
        signal,
        quiet: true,
        query: ownershipApiQuery(search),
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ownership/chains: the chains behind one integrated figure. */
export const chainsQuery = (holder: string, company: string, asOf: string | undefined) =>
  queryOptions({
    queryKey: ['ownership', 'chains', holder, company, asOf ?? null],
    queryFn: ({ signal }) =>
      api<ChainsAnswer>('/api/ownership/chains', {
        signal,
        quiet: true,
        query: { holder, company, as_of: asOf },
      }),
  });
