import { createFileRoute } from '@tanstack/react-router';
import { draftQuery } from '~/features/structure/api.ts';
import { structureSearch } from '~/features/structure/search.ts';
import { StructureScreen } from '~/features/structure/structure-screen.tsx';

/**
 * Drafts of a change of the corporate structure, the one open in the editor in `?draft=`
 * (permission ownership.manage). The loader starts reading an open draft while the screen loads.
 */
export const Route = createFileRoute('/person/corporate-structure-modification')({
  validateSearch: structureSearch,
  loaderDeps: ({ search }) => ({ draft: search.draft }),
  loader: ({ context, deps }) => {
    if (typeof deps.draft === 'number') void context.queryClient.prefetchQuery(draftQuery(deps.draft));
  },
  component: StructureScreen,
});
