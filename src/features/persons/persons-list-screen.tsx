import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useClientSession } from '~/lib/command-context.ts';
import { personKeys } from '~/lib/records.ts';
import { sessionHolds } from '~/lib/session.ts';
import { Button } from '~/ui/button.tsx';
import type { DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable, type DataTableProps } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { fetchPersons } from './api.ts';
import { usePersonBulk } from './bulk.tsx';
import { LEGAL_PERSON, type PersonKind, TRUE_PERSON } from './kinds.ts';
import { markOpenedFromList, rememberListSearch } from './navigation.ts';
import { PERSON_COLUMNS } from './person-columns.tsx';
import { PERSON_FILTERS } from './search.ts';
import { personsParam, SMS_PERMISSION, usePersonsSms } from './sms-action.ts';
import { TransferActions } from './transfer/transfer-actions.tsx';

type Row = { id: number };

/** A persons list: its kind, and the DataTable's own props (columns, filters, the call and its cache key). */
interface PersonsList extends PersonKind {
  table: Pick<DataTableProps<Row>, 'columns' | 'filters' | 'queryKey' | 'fetchPage' | 'searchPlaceholder'>;
}

/** A kind's list: its kind, and its table from the description (columns, filters, the call). */
const personsList = (kind: PersonKind): PersonsList => ({
  ...kind,
  table: {
    columns: PERSON_COLUMNS[kind.list] as DataColumn<Row>[],
    filters: PERSON_FILTERS[kind.list],
    queryKey: personKeys[kind.list],
    fetchPage: fetchPersons(kind.api),
    searchPlaceholder: kind.search,
  },
});

const LEGAL = personsList(LEGAL_PERSON);
const TRUE = personsList(TRUE_PERSON);

const rowId = (row: Row) => String(row.id);

/**
 * A persons list: searchable and sortable by key, its view (q, sort, filters) in the URL; Enter
 * opens a record, N starts a new one, export and import in the header, bulk actions on a
 * selection.
 */
function PersonsListScreen({ kind }: { kind: PersonsList }) {
  const search = useSearch({ from: kind.listRoute });
  const navigate = useNavigate({ from: kind.listRoute });
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
  // True persons: «ارسال پیامک» to the view (header) or the selection (M), for `notifications`.
  const sms = usePersonsSms();
  const session = useClientSession();
  const canSms = kind.list === 'true' && sessionHolds(session, SMS_PERMISSION);
  const bulkActions = useMemo(
    () => (kind.list === 'true' ? [...bulk.bulkActions, sms.bulk] : bulk.bulkActions),
    [kind, bulk.bulkActions, sms.bulk],
  );
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
        description={kind.intro}
        actions={
          <>
            <TransferActions list={kind.list} query={toListQuery(search, kind.table.filters ?? [])} />
            {canSms && (
              <Button onClick={() => sms.open(personsParam(toListQuery(search, kind.table.filters ?? [])))}>
                ارسال پیامک
              </Button>
            )}
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
        bulkActions={bulkActions}
      />
      {bulk.dialogs}
    </>
  );
}

/** /person/legal-persons: every company, fund and institution. */
export const LegalPersonsScreen = () => <PersonsListScreen kind={LEGAL} />;

/** /person/true-persons: board members, representatives, CEOs and other individuals. */
export const TruePersonsScreen = () => <PersonsListScreen kind={TRUE} />;
