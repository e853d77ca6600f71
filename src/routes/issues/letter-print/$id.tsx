import { createFileRoute, notFound } from '@tanstack/react-router';
import { LetterPrintScreen } from '~/features/issues/letter-print-screen.tsx';
import { parseId } from '~/lib/route-params.ts';

/** One letter of an issue as an A4 right-to-left official letter (layout `empty`, permission `issues`). */
export const Route = createFileRoute('/issues/letter-print/$id')({
  loader: ({ params }) => {
    if (parseId(params.id) === null) throw notFound();
  },
  component: function LetterPrint() {
    const { id } = Route.useParams();
    return <LetterPrintScreen id={parseId(id) ?? 0} />;
  },
});
