import { useNavigate, useSearch } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { useCallback } from 'react';
import { DataTable, type DataTableProps } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';

type LogRoute = '/logs/users' | '/logs/sms' | '/logs/blocked-ips';

export interface LogListProps<T extends RowData>
  extends Omit<DataTableProps<T>, 'search' | 'onSearchChange'> {
  /** The route whose search params hold the list state. */
  from: LogRoute;
  /** The page header's line under the title. */
  description: string;
}

/** A log screen's header and list, with the list state (q, sort, filters) in the route's URL. */
export function LogList<T extends RowData>({ from, description, ...table }: LogListProps<T>) {
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  return (
    <>
      <PageHeader description={description} />
      <DataTable {...table} search={search} onSearchChange={onSearchChange} />
    </>
  );
}
