import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { issueEntity } from '~/contract/issues.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { IssuesExportButton } from './export-action.tsx';
import { useOpenIssueAction } from './open-issue-action.ts';

/**
 * /issues/legal-person (permission `issues`): every issue about a company, newest first, as the
 * list workstation shows an entity (filters by type, one or several, status, priority, assignee;
 * the builder's date ranges; the search over titles and company names). N raises one (the
 * company picked by name), E edits, Delete deletes, V opens the issue with its status moves and
 * letters.
 */
export function IssuesScreen() {
  const search = useSearch({ from: '/issues/legal-person' }) as ListSearch;
  const navigate = useNavigate({ from: '/issues/legal-person' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: next as never, replace: opts?.replace }),
    [navigate],
  );
  const rowActions = useOpenIssueAction();
  return (
    <EntityListScreen
      entity={issueEntity}
      search={search}
      onSearchChange={onSearchChange}
      description={
        <>
          {issueEntity.intro} <IssuesExportButton search={search} />
        </>
      }
      rowActions={rowActions}
    />
  );
}
