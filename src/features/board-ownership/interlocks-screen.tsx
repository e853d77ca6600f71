import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import {
  type BoardInterlockRow,
  INTERLOCK_KIND_TITLES,
  INTERLOCK_KINDS,
  type InterlockKind,
  type ShareholdingInterlockRow,
} from '~/contract/board-ownership.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import type { FetchPage } from '~/ui/data-table/use-block-list.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { ViewSwitch } from '~/ui/view-switch.tsx';
import { boardOwnershipKeys, fetchInterlocks } from './api.ts';
import { CompanyLink, PersonLink, seatRole } from './interlock-parts.tsx';
import { boardInterlockColumns, shareholdingInterlockColumns } from './interlocks-columns.tsx';

/**
 * /person/board-interlocks: the interlocks of the portfolio's current boards (issue 17). View 1
 * (key 1): persons on the boards of two or more companies, most boards first, the focused
 * person's seats in full beside the list; view 2 (key 2): board members holding shares directly
 * in a company tied to their board's company by a direct holding. Enter opens the person; in
 * view 2, B opens the board's company and C the related one. The view, `q` and the sort are in
 * the URL.
 */

const VIEWS = INTERLOCK_KINDS.map((id) => ({ id, title: INTERLOCK_KIND_TITLES[id] }));
const GROUP = 'پیوندهای هیئت مدیره';
const detail = css({
  p: '3',
  fontSize: '13px',
  display: 'grid',
  gap: '1',
  '& ul': { m: 0, ps: '4', display: 'grid', gap: '1' },
});

function SeatsDetail({ row }: { row: BoardInterlockRow }) {
  return (
    <div className={detail}>
      <strong>
        <PersonLink node={row.person} />
      </strong>
      <ul aria-label={`کرسی‌های ${row.person.name}`}>
        {row.seats.map((s) => (
          <li key={s.seat_id}>
            <CompanyLink node={s.company} /> — {seatRole(s)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const rowId = (r: { id: string }) => r.id;

export function InterlocksScreen() {
  const search = useSearch({ from: '/person/board-interlocks' });
  const navigate = useNavigate({ from: '/person/board-interlocks' });
  const kind: InterlockKind = search.view ?? 'board';
  const { view: _view, ...listSearch } = search;
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, view: search.view }, replace: opts?.replace }),
    [navigate, search.view],
  );
  // the sorts differ between the views: a switch keeps the search text only
  const show = useCallback(
    (view: InterlockKind) => navigate({ search: { q: search.q, view: view === 'board' ? undefined : view } }),
    [navigate, search.q],
  );
  const commands = useMemo<Command[]>(
    () =>
      VIEWS.map((v, i) => ({
        id: `board-interlocks.view.${v.id}`,
        title: `نمایش ${v.title}`,
        shortcut: `Digit${i + 1}`,
        group: GROUP,
        keywords: ['interlocks', 'پیوند', v.title],
        run: () => void show(v.id),
      })),
    [show],
  );
  useRegisterCommands(commands);
  const openPerson = useCallback(
    (r: { person: { id: number } }) =>
      navigate({ to: '/person/true-persons/view/$id', params: { id: String(r.person.id) } }),
    [navigate],
  );
  const openCompany = useCallback(
    (id: number) => navigate({ to: '/person/legal-persons/view/$id', params: { id: String(id) } }),
    [navigate],
  );
  const holdingActions = useMemo<RowAction<ShareholdingInterlockRow>[]>(
    () => [
      {
        id: 'board-interlocks.board-company',
        title: 'شرکتِ هیئت مدیره',
        key: 'KeyB',
        permission: 'person.legal.view',
        run: (r) => openCompany(r.seat.company.id),
      },
      {
        id: 'board-interlocks.related-company',
        title: 'شرکت مرتبط (که عضو سهامدار آن است)',
        key: 'KeyC',
        permission: 'person.legal.view',
        run: (r) => openCompany(r.related.id),
      },
    ],
    [openCompany],
  );
  const fetchBoard = useMemo(() => fetchInterlocks('board') as FetchPage<BoardInterlockRow>, []);
  const fetchHolding = useMemo(
    () => fetchInterlocks('shareholding') as FetchPage<ShareholdingInterlockRow>,
    [],
  );
  const common = {
    search: listSearch,
    onSearchChange,
    getRowId: rowId,
    searchPlaceholder: 'نام شخص، یا نام یا نماد شرکت',
  };

  return (
    <>
      <PageHeader description={<ViewSwitch label="نوع پیوند" views={VIEWS} value={kind} onChange={show} />} />
      {kind === 'board' ? (
        <DataTable<BoardInterlockRow>
          key="board"
          id="board-interlocks"
          label="اشخاصی که در هیئت مدیره چند شرکت‌اند"
          columns={boardInterlockColumns}
          queryKey={boardOwnershipKeys.list('board')}
          fetchPage={fetchBoard}
          onOpen={openPerson}
          renderDetail={(r) => <SeatsDetail row={r} />}
          emptyText="در هیئت‌های مدیره جاری کسی در بیش از یک شرکت عضو نیست"
          {...common}
        />
      ) : (
        <DataTable<ShareholdingInterlockRow>
          key="shareholding"
          id="shareholding-interlocks"
          label="اعضای هیئت مدیره که سهامدار شرکت مرتبط‌اند"
          columns={shareholdingInterlockColumns}
          queryKey={boardOwnershipKeys.list('shareholding')}
          fetchPage={fetchHolding}
          onOpen={openPerson}
          rowActions={holdingActions}
          emptyText="عضوی از هیئت‌های مدیره جاری سهامدار مستقیم شرکتی مرتبط با شرکت خود نیست"
          emptyHint="پیوند دو شرکت در اینجا سهامداری مستقیم یکی در دیگری است؛ دادوستد میان شرکت‌ها هنوز ثبت نمی‌شود."
          {...common}
        />
      )}
    </>
  );
}
