import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { personKeys } from '~/lib/records.ts';
import { Button } from '~/ui/button.tsx';
import type { DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable, type DataTableProps } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { fetchLegalPersons, fetchTruePersons } from './api.ts';
import { usePersonBulk } from './bulk.tsx';
import { markOpenedFromList, rememberListSearch } from './navigation.ts';
import { legalPersonColumns, truePersonColumns } from './person-columns.tsx';
import { legalPersonFilters, truePersonFilters } from './search.ts';
import { TransferActions } from './transfer/transfer-actions.tsx';

type Row = { id: number };

/** What tells the legal persons list from the true persons list: data, read by one screen. */
interface PersonsList {
  /** The list's name (navigation memory, export, bulk and the palette's ids). */
  list: 'legal' | 'true';
  entity: 'legal_person' | 'true_person';
  route: '/person/legal-persons/' | '/person/true-persons/';
  view: '/person/legal-persons/view/$id' | '/person/true-persons/view/$id';
  create: '/person/legal-persons/create' | '/person/true-persons/create';
  /** «شخص حقوقی», «اشخاص حقوقی». */
  title: string;
  plural: string;
  description: string;
  /** The DataTable's own props: columns, filters, the call and its cache key, the search box's hint. */
  table: Pick<DataTableProps<Row>, 'columns' | 'filters' | 'queryKey' | 'fetchPage' | 'searchPlaceholder'>;
}

const LEGAL: PersonsList = {
  list: 'legal',
  entity: 'legal_person',
  route: '/person/legal-persons/',
  view: '/person/legal-persons/view/$id',
  create: '/person/legal-persons/create',
  title: 'شخص حقوقی',
  plural: 'اشخاص حقوقی',
  description: 'شرکت‌ها، صندوق‌ها و نهادهای تحت نظارت',
  table: {
    columns: legalPersonColumns as DataColumn<Row>[],
    filters: legalPersonFilters,
    queryKey: personKeys.legal,
    fetchPage: fetchLegalPersons,
    searchPlaceholder: 'نام، نماد یا شناسه ملی',
  },
};

const TRUE: PersonsList = {
  list: 'true',
  entity: 'true_person',
  route: '/person/true-persons/',
  view: '/person/true-persons/view/$id',
  create: '/person/true-persons/create',
  title: 'شخص حقیقی',
  plural: 'اشخاص حقیقی',
  description: 'اعضای هیئت مدیره، نمایندگان، مدیران عامل و سایر اشخاص',
  table: {
    columns: truePersonColumns as DataColumn<Row>[],
    filters: truePersonFilters,
    queryKey: personKeys.true,
    fetchPage: fetchTruePersons,
    searchPlaceholder: 'نام یا کد ملی',
  },
};

const rowId = (row: Row) => String(row.id);

/**
 * A persons list: searchable and sortable by key, its view (q, sort, filters) in the URL; Enter
 * opens a record, N starts a new one, export and import in the header, bulk actions on a
 * selection.
 */
function PersonsListScreen({ kind }: { kind: PersonsList }) {
  const search = useSearch({ from: kind.route });
  const navigate = useNavigate({ from: kind.route });
  useEffect(() => rememberListSearch(kind.list, search), [kind, search]);

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (row: Row) => {
      markOpenedFromList(kind.list, row.id);
      navigate({ to: kind.view, params: { id: String(row.id) } });
    },
    [kind, navigate],
  );

  const bulk = usePersonBulk(kind.entity);
  const create = () => navigate({ to: kind.create });
  const newTitle = `${kind.title} تازه`;
  useFormCommand({
    id: `persons.${kind.list}.new`,
    title: newTitle,
    shortcut: 'KeyN',
    group: kind.plural,
    path: kind.create,
    keywords: ['new', 'create', 'ثبت', 'جدید'],
    run: create,
  });

  return (
    <>
      <PageHeader
        description={kind.description}
        actions={
          <>
            <TransferActions list={kind.list} query={toListQuery(search, kind.table.filters ?? [])} />
            <Button tone="primary" shortcut="KeyN" onClick={create}>
              {newTitle}
            </Button>
          </>
        }
      />
      <DataTable
        id={`${kind.list}-persons`}
        label={`فهرست ${kind.plural}`}
        {...kind.table}
        search={search}
        onSearchChange={onSearchChange}
        getRowId={rowId}
        onOpen={open}
        emptyText={`هنوز ${kind.title} ثبت نشده است`}
        bulkActions={bulk.bulkActions}
      />
      {bulk.dialogs}
    </>
  );
}

/** /person/legal-persons: every company, fund and institution. */
export const LegalPersonsScreen = () => <PersonsListScreen kind={LEGAL} />;

/** /person/true-persons: board members, representatives, CEOs and other individuals. */
export const TruePersonsScreen = () => <PersonsListScreen kind={TRUE} />;
