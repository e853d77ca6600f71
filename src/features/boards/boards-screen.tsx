import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { BoardRow } from '~/contract/boards.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Button } from '~/ui/button.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { boardKeys, fetchBoards } from './api.ts';
import { boardColumns } from './boards-columns.tsx';
import { boardFilters } from './search.ts';

const rowId = (row: BoardRow) => String(row.id);

/** /person/legal-person-board/list: every board term, newest first; Enter opens its editor, N a new one. */
export function BoardsScreen() {
  const search = useSearch({ from: '/person/legal-person-board/list' });
  const navigate = useNavigate({ from: '/person/legal-person-board/list' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (row: BoardRow) =>
      navigate({
        to: '/person/legal-person-board/update/$lid/$id',
        params: { lid: String(row.company_id), id: String(row.id) },
      }),
    [navigate],
  );
  const rowActions = useMemo<RowAction<BoardRow>[]>(
    () => [
      {
        id: 'boards.shareholders',
        title: 'سهامداران شرکت',
        key: 'KeyH',
        run: (r) =>
          navigate({ to: '/person/shareholder/$legalId', params: { legalId: String(r.company_id) } }),
      },
    ],
    [navigate],
  );
  const create = useCallback(() => navigate({ to: '/person/legal-person-board/create' }), [navigate]);
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'boards.new',
        title: 'ثبت هیئت مدیره تازه',
        shortcut: 'KeyN',
        group: 'هیئت‌های مدیره',
        keywords: ['board', 'new', 'هیئت مدیره', 'ثبت'],
        run: create,
      },
    ],
    [create],
  );
  useRegisterCommands(commands);

  return (
    <>
      <PageHeader
        description="دوره‌های هیئت مدیره شرکت‌ها، کرسی‌ها و مدیرعامل"
        actions={
          <Button tone="primary" shortcut="KeyN" onClick={create}>
            هیئت مدیره تازه
          </Button>
        }
      />
      <DataTable
        id="boards"
        label="فهرست هیئت‌های مدیره"
        columns={boardColumns}
        filters={boardFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={boardKeys.list}
        fetchPage={fetchBoards}
        getRowId={rowId}
        onOpen={open}
        rowActions={rowActions}
        searchPlaceholder="نام، نماد یا شناسه ملی شرکت"
        emptyText="هنوز هیئت مدیره‌ای ثبت نشده است"
        emptyHint={
          <>
            با <kbd>N</kbd> هیئت مدیره تازه‌ای ثبت کنید.
          </>
        }
      />
    </>
  );
}
