import { createFileRoute, notFound } from '@tanstack/react-router';
import { shareholdersQuery } from '~/features/shareholders/api.ts';
import { ShareholdersScreen } from '~/features/shareholders/shareholders-screen.tsx';
import { ownershipSearch } from '~/lib/ownership-search.ts';
import { parseId } from '~/lib/route-params.ts';

/** A company's shareholders. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/person/shareholder/$legalId')({
  validateSearch: ownershipSearch,
  loader: ({ context, params }) => {
    const id = parseId(params.legalId);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(shareholdersQuery(id));
  },
  component: ShareholdersScreen,
});
