import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { DRAFT_STATUS_TITLES, type StructureDraftRow } from '~/contract/structure.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EMPTY, formatDate, formatNumber, formatRelative } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { fetchDrafts, structureKeys } from './api.ts';
import { BodsPanel } from './bods-panel.tsx';
import { draftFilters } from './search.ts';

const ROUTE = '/person/corporate-structure-modification';
export const NEW_KEY = 'KeyN';
export const GROUP = 'اصلاح ساختار شرکتی';

const STATUS_TONE = { draft: 'first', applied: 'success', discarded: 'neutral' } as const;

const col = columnHelper<StructureDraftRow>();
const columns = col.columns([
  col.accessor('title', { header: 'عنوان', size: 220, enableSorting: false, meta: { grow: 1 } }),
  col.accessor('status', {
    header: 'وضعیت',
    size: 100,
    enableSorting: false,
    cell: (c) => <Badge tone={STATUS_TONE[c.getValue()]}>{DRAFT_STATUS_TITLES[c.getValue()]}</Badge>,
  }),
  col.accessor('companies', {
    header: 'اشخاص حقوقی',
    size: 240,
    enableSorting: false,
    cell: (c) =>
      c
        .getValue()
        .map((n) => n.name)
        .join('، ') || EMPTY,
  }),
  col.accessor('operation_count', {
    header: 'عملیات',
    size: 70,
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('author', {
    header: 'نویسنده',
    size: 130,
    enableSorting: false,
    cell: (c) => c.getValue()?.name ?? EMPTY,
  }),
  col.accessor('effective_on', {
    header: 'تاریخ اجرا',
    size: 100,
    enableSorting: false,
    cell: (c) => (c.getValue() ? formatDate(c.getValue()) : 'روز اعمال'),
  }),
  col.accessor('updated_at', {
    header: 'آخرین تغییر',
    size: 110,
    enableSorting: false,
    cell: (c) => <span title={formatDate(c.getValue())}>{formatRelative(c.getValue())}</span>,
  }),
  col.accessor('others', {
    header: 'هم‌زمان',
    size: 110,
    enableSorting: false,
    meta: { description: 'پیش‌نویس‌های باز دیگر روی همین شرکت‌ها' },
    cell: (c) =>
      c.getValue().length ? (
        <Badge
          tone="warning"
          title={c
            .getValue()
            .map((o) => `«${o.title}» از ${o.author?.name ?? EMPTY}`)
            .join('؛ ')}
        >
          {formatNumber(c.getValue().length)} پیش‌نویس دیگر
        </Badge>
      ) : (
        EMPTY
      ),
  }),
]);

const rowId = (r: StructureDraftRow) => String(r.id);

/**
 * The drafts, open ones first: J/K or ↑/↓ move, Enter opens one in the editor, N starts a new
 * one, `/` searches titles, authors and companies. A draft drafted on the same companies as
 * another open one says so in «هم‌زمان».
 */
export function DraftsList() {
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (r: StructureDraftRow) => navigate({ search: (s) => ({ ...s, draft: r.id }) }),
    [navigate],
  );
  const create = useCallback(
    () => navigate({ search: (s) => ({ ...s, draft: 'new' as const }) }),
    [navigate],
  );
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'structure.new',
        title: 'پیش‌نویس تازه تغییر ساختار',
        shortcut: NEW_KEY,
        group: GROUP,
        keywords: ['structure', 'draft', 'new', 'ساختار', 'پیش‌نویس'],
        run: create,
      },
    ],
    [create],
  );
  useRegisterCommands(commands);
  return (
    <>
      <PageHeader
        description="تغییر سهامداری شرکت‌ها را پیش‌نویس کنید، اثرش را بر سهم و کنترل دولت ببینید و سپس یکجا اعمال کنید"
        actions={
          <Button tone="primary" shortcut={NEW_KEY} onClick={create}>
            پیش‌نویس تازه
          </Button>
        }
      />
      <DataTable
        id="structure-drafts"
        label="پیش‌نویس‌های تغییر ساختار"
        columns={columns}
        filters={draftFilters}
        plainFilters
        search={search}
        onSearchChange={onSearchChange}
        queryKey={structureKeys.list}
        fetchPage={fetchDrafts}
        getRowId={rowId}
        onOpen={open}
        searchPlaceholder="عنوان، نویسنده یا شرکت"
        emptyText="هنوز پیش‌نویسی نوشته نشده است"
        emptyHint={
          <>
            با <kbd>N</kbd> پیش‌نویس تازه‌ای بنویسید.
          </>
        }
      />
      {/* BODS import/export (another engineer's panel, ./bods-panel.tsx): keep this place for it. */}
      <BodsPanel />
    </>
  );
}
