import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { allPersonsKeys, fetchAllLegal } from './api.ts';
import { allLegalColumns } from './columns.tsx';
import { allLegalFilters } from './search.ts';

const rowId = (r: LegalPickerRow) => String(r.id);

/**
 * /person/all-legal-persons: every legal person — companies, holdings, ministries, funds and
 * institutions — by name. Enter opens the record, H its shareholders.
 */
export function AllLegalPersonsScreen() {
  const search = useSearch({ from: '/person/all-legal-persons' });
  const navigate = useNavigate({ from: '/person/all-legal-persons' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (r: LegalPickerRow) => navigate({ to: '/person/legal-persons/view/$id', params: { id: String(r.id) } }),
    [navigate],
  );
  const rowActions = useMemo<RowAction<LegalPickerRow>[]>(
    () => [
      {
        id: 'all-legal.shareholders',
        title: 'سهامداران',
        key: 'KeyH',
        run: (r) => navigate({ to: '/person/shareholder/$legalId', params: { legalId: String(r.id) } }),
      },
    ],
    [navigate],
  );
  return (
    <>
      <PageHeader description="همه شرکت‌ها، هلدینگ‌ها، وزارتخانه‌ها، صندوق‌ها و مؤسسه‌ها؛ Enter رکورد و H سهامداران را باز می‌کند" />
      <DataTable
        id="all-legal-persons"
        label="همه اشخاص حقوقی"
        columns={allLegalColumns}
        filters={allLegalFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={allPersonsKeys.legal}
        fetchPage={fetchAllLegal}
        getRowId={rowId}
        onOpen={open}
        rowActions={rowActions}
        searchPlaceholder="نام، نماد یا شناسه ملی"
        emptyText="هنوز شخص حقوقی ثبت نشده است"
      />
    </>
  );
}
