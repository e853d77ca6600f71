import { createFileRoute } from '@tanstack/react-router';
import { issueEntity } from '~/contract/issues.ts';
import { TriageScreen } from '~/features/issues/triage-screen.tsx';
import { entitySearch } from '~/ui/entity/filters.ts';

const issueSearch = entitySearch(issueEntity);

/**
 * The triage view (permission `issues`): the new issues, oldest first unless another sort is
 * chosen; the status is kept to «new» (the view is the inbox of what nobody has triaged yet).
 */
export const Route = createFileRoute('/issues/triage')({
  validateSearch: (raw: Record<string, unknown>) => {
    const search = issueSearch.parse(raw);
    return { ...search, sort: search.sort ?? 'created_at', status: 'new' };
  },
  component: TriageScreen,
});
