import { createFileRoute, notFound } from '@tanstack/react-router';
import { boardQuery } from '~/features/boards/api.ts';
import { BoardUpdateScreen } from '~/features/boards/board-form.tsx';
import { parseId } from '~/lib/route-params.ts';

/** Edit board `id` of company `lid`. The loader starts the request while the form's code loads. */
export const Route = createFileRoute('/person/legal-person-board/update/$lid/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null || parseId(params.lid) === null) throw notFound();
    void context.queryClient.prefetchQuery(boardQuery(id));
  },
  component: BoardUpdateScreen,
});
