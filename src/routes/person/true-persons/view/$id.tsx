import { createFileRoute, notFound } from '@tanstack/react-router';
import { TruePersonView } from '~/features/persons/true-person-view.tsx';
import { truePersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** One true person. The loader starts the request while the screen's code loads. */
export const Route = createFileRoute('/person/true-persons/view/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(truePersonQuery(id));
  },
  component: TruePersonView,
});
