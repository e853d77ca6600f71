import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { issueEntity } from '~/contract/issues.ts';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { IssuesExportButton } from './export-action.tsx';

type Row = Record<string, unknown>;

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
  const rowActions = useMemo<RowAction<Row>[]>(
    () => [
      {
        id: 'issue.view',
        title: 'مشاهدهٔ موضوع',
        key: 'KeyV',
        run: (r) => navigate({ to: '/issues/view/$id', params: { id: String(r.id) } }),
      },
    ],
    [navigate],
  );
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
