import { createFileRoute, notFound } from '@tanstack/react-router';
import { LegalPersonUpdateScreen } from '~/features/persons/edit/person-form.tsx';
import { legalPersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';

/** Edit one legal person. The loader starts the request while the form's code loads. */
export const Route = createFileRoute('/person/legal-persons/update/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    void context.queryClient.prefetchQuery(legalPersonQuery(id));
  },
  component: LegalPersonUpdateScreen,
});
