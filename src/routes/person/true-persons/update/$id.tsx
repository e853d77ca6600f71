import { createFileRoute, notFound } from '@tanstack/react-router';
import { TruePersonUpdateScreen } from '~/features/persons/edit/person-form.tsx';
import { truePersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** Edit one true person. The loader starts the request while the form's code loads. */
export const Route = createFileRoute('/person/true-persons/update/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(truePersonQuery(id));
  },
  component: TruePersonUpdateScreen,
});
