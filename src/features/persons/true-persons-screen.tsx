import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { TruePersonRow } from '~/contract/persons.ts';
import { personKeys } from '~/lib/records.ts';
import { Button } from '~/ui/button.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { fetchTruePersons } from './api.ts';
import { usePersonBulk } from './bulk.tsx';
import { markOpenedFromList, rememberListSearch } from './navigation.ts';
import { truePersonFilters } from './search.ts';
import { TransferActions } from './transfer/transfer-actions.tsx';
import { truePersonColumns } from './true-persons-columns.tsx';

const rowId = (row: TruePersonRow) => String(row.id);

/** /person/true-persons: board members, representatives, CEOs and other individuals. */
export function TruePersonsScreen() {
  const search = useSearch({ from: '/person/true-persons/' });
  const navigate = useNavigate({ from: '/person/true-persons/' });
  useEffect(() => rememberListSearch('true', search), [search]);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (row: TruePersonRow) => {
      markOpenedFromList('true', row.id);
      navigate({ to: '/person/true-persons/view/$id', params: { id: String(row.id) } });
    },
    [navigate],
  );

  const bulk = usePersonBulk('true_person');
  const create = () => navigate({ to: '/person/true-persons/create' });
  useFormCommand({
    id: 'persons.true.new',
    title: 'شخص حقیقی تازه',
    shortcut: 'KeyN',
    group: 'اشخاص حقیقی',
    path: '/person/true-persons/create',
    keywords: ['new', 'create', 'ثبت', 'جدید'],
    run: create,
  });

  return (
    <>
      <PageHeader
        description="اعضای هیئت مدیره، نمایندگان، مدیران عامل و سایر اشخاص"
        actions={
          <>
            <TransferActions list="true" query={toListQuery(search, truePersonFilters)} />
            <Button tone="primary" shortcut="KeyN" onClick={create}>
              شخص حقیقی تازه
            </Button>
          </>
        }
      />
      <DataTable
        id="true-persons"
        label="فهرست اشخاص حقیقی"
        columns={truePersonColumns}
        filters={truePersonFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={personKeys.true}
        fetchPage={fetchTruePersons}
        getRowId={rowId}
        onOpen={open}
        searchPlaceholder="نام یا کد ملی"
        emptyText="هنوز شخص حقیقی ثبت نشده است"
        bulkActions={bulk.bulkActions}
      />
      {bulk.dialogs}
    </>
  );
}
