import { createFileRoute } from '@tanstack/react-router';
import { IssueViewScreen } from '~/features/issues/issue-view-screen.tsx';

/** One issue (permission `issues`): its facts, status moves and letters. */
export const Route = createFileRoute('/issues/view/$id')({
  component: function IssueView() {
    const { id } = Route.useParams();
    return <IssueViewScreen id={Number(id)} />;
  },
});
