import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { PersonPickerRow } from '~/contract/persons.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { allPersonsKeys, fetchAllPersons } from './api.ts';
import { allPersonsColumns } from './columns.tsx';
import { allPersonsFilters } from './search.ts';

const rowId = (r: PersonPickerRow) => String(r.key);

/** /person/all-persons: legal and true persons in one list by name; Enter opens the record's own view. */
export function AllPersonsScreen() {
  const search = useSearch({ from: '/person/all-persons' });
  const navigate = useNavigate({ from: '/person/all-persons' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (r: PersonPickerRow) =>
      r.type === 'legal'
        ? navigate({ to: '/person/legal-persons/view/$id', params: { id: String(r.id) } })
        : navigate({ to: '/person/true-persons/view/$id', params: { id: String(r.id) } }),
    [navigate],
  );
  return (
    <>
      <PageHeader description="اشخاص حقوقی و حقیقی در یک فهرست" />
      <DataTable
        id="all-persons"
        label="همه اشخاص"
        columns={allPersonsColumns}
        filters={allPersonsFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={allPersonsKeys.any}
        fetchPage={fetchAllPersons}
        getRowId={rowId}
        onOpen={open}
        searchPlaceholder="نام، شناسه ملی یا کد ملی"
        emptyText="هنوز شخصی ثبت نشده است"
      />
    </>
  );
}
