import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { ListPage } from '~/contract/list.ts';
import type { LegalPickerRow, PersonPickerRow } from '~/contract/persons.ts';
import type { DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { FilterDef, ListParams, ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { allPersonsKeys, fetchAllLegal, fetchAllPersons } from './api.ts';
import { allLegalColumns, allPersonsColumns } from './columns.tsx';
import { allLegalFilters, allPersonsFilters } from './search.ts';

/** A row of either list: a legal picker row (always legal) or a person picker row (`type`). */
type Row = LegalPickerRow & Partial<Pick<PersonPickerRow, 'key' | 'type'>>;

/** What tells the two "all" lists apart: data, read by one screen. */
interface AllList {
  route: '/person/all-legal-persons' | '/person/all-persons';
  /** The DataTable's id (its preferences) and its accessible name. */
  id: string;
  label: string;
  description: string;
  columns: DataColumn<never>[];
  filters: readonly FilterDef[];
  queryKey: readonly string[];
  fetchPage(params: ListParams, signal: AbortSignal): Promise<ListPage<Row>>;
  searchPlaceholder: string;
  emptyText: string;
  /** Offers H: the legal person's shareholders. */
  shareholders?: boolean;
}

const ALL_LEGAL: AllList = {
  route: '/person/all-legal-persons',
  id: 'all-legal-persons',
  label: 'همه اشخاص حقوقی',
  description: 'همه شرکت‌ها، هلدینگ‌ها، وزارتخانه‌ها، صندوق‌ها و مؤسسه‌ها؛ Enter رکورد و H سهامداران را باز می‌کند',
  columns: allLegalColumns as DataColumn<never>[],
  filters: allLegalFilters,
  queryKey: allPersonsKeys.legal,
  fetchPage: fetchAllLegal,
  searchPlaceholder: 'نام، نماد یا شناسه ملی',
  emptyText: 'هنوز شخص حقوقی ثبت نشده است',
  shareholders: true,
};

const ALL: AllList = {
  route: '/person/all-persons',
  id: 'all-persons',
  label: 'همه اشخاص',
  description: 'اشخاص حقوقی و حقیقی در یک فهرست',
  columns: allPersonsColumns as DataColumn<never>[],
  filters: allPersonsFilters,
  queryKey: allPersonsKeys.any,
  fetchPage: fetchAllPersons,
  searchPlaceholder: 'نام، شناسه ملی یا کد ملی',
  emptyText: 'هنوز شخصی ثبت نشده است',
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
        id={list.id}
        label={list.label}
        columns={list.columns as DataColumn<Row>[]}
        filters={list.filters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={list.queryKey}
        fetchPage={list.fetchPage}
        getRowId={rowId}
        onOpen={open}
        rowActions={rowActions}
        searchPlaceholder={list.searchPlaceholder}
        emptyText={list.emptyText}
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
