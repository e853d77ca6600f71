import { createFileRoute, notFound } from '@tanstack/react-router';
import { BranchCreateScreen } from '~/features/branches/branch-form.tsx';
import { legalPersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** A new branch of company `lid` (permission person.legal.edit). */
export const Route = createFileRoute('/person/legal-person-branch/create/$lid')({
  loader: ({ context, params }) => {
    const id = parseId(params.lid);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(legalPersonQuery(id));
  },
  component: BranchCreateScreen,
});
