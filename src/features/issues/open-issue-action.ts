import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { RowAction } from '~/ui/data-table/types.ts';

type Row = Record<string, unknown>;

/** The issues lists' row actions: V opens the focused issue's view (/issues/view/{id}). */
export function useOpenIssueAction(): RowAction<Row>[] {
  const navigate = useNavigate();
  return useMemo(
    () => [
      {
        id: 'issue.view',
        title: 'مشاهدهٔ موضوع',
        key: 'KeyV',
        run: (r) => void navigate({ to: '/issues/view/$id', params: { id: String(r.id) } }),
      },
    ],
    [navigate],
  );
}
