import { createFileRoute } from '@tanstack/react-router';
import { issueEntity } from '~/contract/issues.ts';
import { IssuesScreen } from '~/features/issues/issues-screen.tsx';
import { entitySearch } from '~/ui/entity/filters.ts';

const issueSearch = entitySearch(issueEntity);

/** Every issue about a company (permission `issues`): the list keeps to legal persons. */
export const Route = createFileRoute('/issues/legal-person')({
  validateSearch: (raw: Record<string, unknown>) => ({
    ...issueSearch.parse(raw),
    object_type: 'legal_person',
  }),
  component: IssuesScreen,
});
