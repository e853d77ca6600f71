import { queryOptions } from '@tanstack/react-query';
import type { CompanyShareholders } from '~/contract/boards.ts';
import { api } from '~/lib/http.ts';

/** GET /api/person/shareholders/:id: a company's direct shareholders with totals (contract/boards.ts). */
export const shareholdersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['shareholders', companyId],
    queryFn: ({ signal }) =>
      api<CompanyShareholders>(`/api/person/shareholders/${companyId}`, { signal, quiet: true }),
  });
