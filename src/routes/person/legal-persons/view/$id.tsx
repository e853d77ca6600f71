import { createFileRoute, notFound } from '@tanstack/react-router';
import { LegalPersonView } from '~/features/persons/legal-person-view.tsx';
import { legalPersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** One legal person. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/person/legal-persons/view/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(legalPersonQuery(id));
  },
  component: LegalPersonView,
});
