import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { LegalPersonRow } from '~/contract/persons.ts';
import { personKeys } from '~/lib/records.ts';
import { Button } from '~/ui/button.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { fetchLegalPersons } from './api.ts';
import { usePersonBulk } from './bulk.tsx';
import { legalPersonColumns } from './legal-persons-columns.tsx';
import { markOpenedFromList, rememberListSearch } from './navigation.ts';
import { legalPersonFilters } from './search.ts';
import { TransferActions } from './transfer/transfer-actions.tsx';

const rowId = (row: LegalPersonRow) => String(row.id);

/** /person/legal-persons: every company, fund and institution, searchable and sortable by key. */
export function LegalPersonsScreen() {
  const search = useSearch({ from: '/person/legal-persons/' });
  const navigate = useNavigate({ from: '/person/legal-persons/' });
  useEffect(() => rememberListSearch('legal', search), [search]);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (row: LegalPersonRow) => {
      markOpenedFromList('legal', row.id);
      navigate({ to: '/person/legal-persons/view/$id', params: { id: String(row.id) } });
    },
    [navigate],
  );

  const bulk = usePersonBulk('legal_person');
  const create = () => navigate({ to: '/person/legal-persons/create' });
  useFormCommand({
    id: 'persons.legal.new',
    title: 'شخص حقوقی تازه',
    shortcut: 'KeyN',
    group: 'اشخاص حقوقی',
    path: '/person/legal-persons/create',
    keywords: ['new', 'create', 'ثبت', 'جدید'],
    run: create,
  });

  return (
    <>
      <PageHeader
        description="شرکت‌ها، صندوق‌ها و نهادهای تحت نظارت"
        actions={
          <>
            <TransferActions list="legal" query={toListQuery(search, legalPersonFilters)} />
            <Button tone="primary" shortcut="KeyN" onClick={create}>
              شخص حقوقی تازه
            </Button>
          </>
        }
      />
      <DataTable
        id="legal-persons"
        label="فهرست اشخاص حقوقی"
        columns={legalPersonColumns}
        filters={legalPersonFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={personKeys.legal}
        fetchPage={fetchLegalPersons}
        getRowId={rowId}
        onOpen={open}
        searchPlaceholder="نام، نماد یا شناسه ملی"
        emptyText="هنوز شخص حقوقی ثبت نشده است"
        bulkActions={bulk.bulkActions}
      />
      {bulk.dialogs}
    </>
  );
}
