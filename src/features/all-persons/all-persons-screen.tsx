import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { LegalPickerRow, PersonPickerRow } from '~/contract/persons.ts';
import type { DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable, type DataTableProps } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { allPersonsKeys, fetchAllLegal, fetchAllPersons } from './api.ts';
import { allLegalColumns, allPersonsColumns } from './columns.tsx';
import { allLegalFilters, allPersonsFilters } from './search.ts';

/** A row of either list: a legal picker row (always legal) or a person picker row (`type`). */
type Row = LegalPickerRow & Partial<Pick<PersonPickerRow, 'key' | 'type'>>;

/** The DataTable's own props of a list: its id (preferences), name, columns, filters, call and texts. */
type TableProps = Pick<
  DataTableProps<Row>,
  'id' | 'label' | 'columns' | 'filters' | 'queryKey' | 'fetchPage' | 'searchPlaceholder' | 'emptyText'
>;

/** What tells the two "all" lists apart: data, read by one screen. */
interface AllList {
  route: '/person/all-legal-persons' | '/person/all-persons';
  description: string;
  table: TableProps;
  /** Offers H: the legal person's shareholders. */
  shareholders?: boolean;
}

const ALL_LEGAL: AllList = {
  route: '/person/all-legal-persons',
  description: 'همه شرکت‌ها، هلدینگ‌ها، وزارتخانه‌ها، صندوق‌ها و مؤسسه‌ها؛ Enter رکورد و H سهامداران را باز می‌کند',
  shareholders: true,
  table: {
    id: 'all-legal-persons',
    label: 'همه اشخاص حقوقی',
    columns: allLegalColumns as DataColumn<Row>[],
    filters: allLegalFilters,
    queryKey: allPersonsKeys.legal,
    fetchPage: fetchAllLegal,
    searchPlaceholder: 'نام، نماد یا شناسه ملی',
    emptyText: 'هنوز شخص حقوقی ثبت نشده است',
  },
};

const ALL: AllList = {
  route: '/person/all-persons',
  description: 'اشخاص حقوقی و حقیقی در یک فهرست',
  table: {
    id: 'all-persons',
    label: 'همه اشخاص',
    columns: allPersonsColumns as DataColumn<Row>[],
    filters: allPersonsFilters,
    queryKey: allPersonsKeys.any,
    fetchPage: fetchAllPersons as TableProps['fetchPage'],
    searchPlaceholder: 'نام، شناسه ملی یا کد ملی',
    emptyText: 'هنوز شخصی ثبت نشده است',
  },
};

/** Unique across both kinds: `key` where the row has one (all persons), else the id. */
const rowId = (r: Row) => String(r.key ?? r.id);

/** An "all" list by name; Enter opens the record's own view (legal or true). */
function AllListScreen({ list }: { list: AllList }) {
  const search = useSearch({ from: list.route });
  const navigate = useNavigate({ from: list.route });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (r: Row) =>
      navigate({
        to: r.type === 'true' ? '/person/true-persons/view/$id' : '/person/legal-persons/view/$id',
        params: { id: String(r.id) },
      }),
    [navigate],
  );
  const rowActions = useMemo<RowAction<Row>[] | undefined>(
    () =>
      list.shareholders
        ? [
            {
              id: 'all-legal.shareholders',
              title: 'سهامداران',
              key: 'KeyH',
              run: (r) => navigate({ to: '/person/shareholder/$legalId', params: { legalId: String(r.id) } }),
            },
          ]
        : undefined,
    [list, navigate],
  );
  return (
    <>
      <PageHeader description={list.description} />
      <DataTable
        {...list.table}
        search={search}
        onSearchChange={onSearchChange}
        getRowId={rowId}
        onOpen={open}
        rowActions={rowActions}
      />
    </>
  );
}

/**
 * /person/all-legal-persons: every legal person — companies, holdings, ministries, funds and
 * institutions — by name. Enter opens the record, H its shareholders.
 */
export const AllLegalPersonsScreen = () => <AllListScreen list={ALL_LEGAL} />;

/** /person/all-persons: legal and true persons in one list by name; Enter opens the record's own view. */
export const AllPersonsScreen = () => <AllListScreen list={ALL} />;
