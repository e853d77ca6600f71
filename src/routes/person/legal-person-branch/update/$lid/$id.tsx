import { createFileRoute, notFound } from '@tanstack/react-router';
import { branchQuery } from '~/features/branches/api.ts';
import { BranchUpdateScreen } from '~/features/branches/branch-form.tsx';
import { legalPersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** Edit branch `id` of company `lid` (permission person.legal.edit). */
export const Route = createFileRoute('/person/legal-person-branch/update/$lid/$id')({
  loader: ({ context, params }) => {
    const lid = parseId(params.lid);
    const id = parseId(params.id);
    if (lid === null || id === null) throw notFound();
    void context.queryClient.prefetchQuery(legalPersonQuery(lid));
    void context.queryClient.prefetchQuery(branchQuery(lid, id));
  },
  component: BranchUpdateScreen,
});
