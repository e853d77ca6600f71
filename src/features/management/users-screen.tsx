import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { EMPTY, formatDate, formatDateTime, formatRelative } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import {
  activateUser,
  approveUser,
  deactivateUser,
  downloadBlob,
  fetchUsers,
  type ManagedUser,
  managementKeys,
  resetPassword,
} from './api.ts';
import { UserStatusBadge } from './labels.tsx';
import { userFilters } from './search.ts';

const actionsCell = css({ display: 'flex', gap: '1', alignItems: 'center' });
const rowId = (u: ManagedUser) => String(u.id);
const fullName = (u: ManagedUser) => `${u.first_name} ${u.last_name}`;

interface UserHandlers {
  approve(u: ManagedUser): void;
  toggleActive(u: ManagedUser): void;
  resetPassword(u: ManagedUser): void;
  openRoles(u: ManagedUser): void;
}

const col = columnHelper<ManagedUser>();

/** Columns with an actions column calling the screen's handlers (read through a ref, so stable). */
function userColumns(handlers: { current: UserHandlers }) {
  return col.columns([
    col.accessor('username', {
      header: 'نام کاربری',
      size: 140,
      cell: (c) => <span dir="ltr">{c.getValue()}</span>,
    }),
    col.accessor((u) => fullName(u), {
      id: 'last_name',
      header: 'نام و نام خانوادگی',
      size: 170,
      meta: { grow: 1 },
    }),
    col.accessor('mobile', {
      header: 'همراه',
      size: 115,
      enableSorting: false,
      cell: (c) => (c.getValue() ? <span dir="ltr">{toPersianDigits(c.getValue()!)}</span> : EMPTY),
    }),
    col.accessor('status', {
      header: 'وضعیت',
      size: 120,
      cell: (c) => <UserStatusBadge status={c.getValue()} />,
    }),
    col.accessor((u) => u.roles.map((r) => r.title).join('، '), {
      id: 'roles',
      header: 'نقش‌ها',
      size: 180,
      enableSorting: false,
      cell: (c) => c.getValue() || <span style={{ color: 'var(--colors-muted)' }}>بدون نقش</span>,
    }),
    col.accessor('last_login_at', {
      header: 'آخرین ورود',
      size: 115,
      sortDescFirst: true,
      cell: (c) =>
        c.getValue() ? (
          <span title={formatDateTime(c.getValue())}>{formatRelative(c.getValue())}</span>
        ) : (
          'هرگز'
        ),
    }),
    col.accessor('created_at', {
      header: 'ثبت',
      size: 95,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => formatDate(c.getValue()),
    }),
    col.display({
      id: 'actions',
      header: 'کارها',
      size: 250,
      cell: ({ row }) => {
        const u = row.original;
        const h = handlers.current;
        const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
          e.stopPropagation();
          fn();
        };
        return (
          <span className={actionsCell}>
            {u.status === 'waiting' && (
              <Button size="sm" tone="primary" tabIndex={-1} onClick={stop(() => h.approve(u))}>
                تأیید
              </Button>
            )}
            <Button size="sm" tabIndex={-1} onClick={stop(() => h.toggleActive(u))}>
              {u.status === 'deactivated' ? 'فعال کردن' : 'غیرفعال کردن'}
            </Button>
            <Button size="sm" tabIndex={-1} onClick={stop(() => h.resetPassword(u))}>
              گذرواژه موقت
            </Button>
            <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => h.openRoles(u))}>
              نقش‌ها
            </Button>
          </span>
        );
      },
    }),
  ]);
}

type Pending = { kind: 'deactivate' | 'reset'; user: ManagedUser } | null;

/**
 * /management/users/list: staff accounts. On the focused row: A approves a waiting sign-up,
 * D deactivates (or activates), P gives a temporary password (a text file), Enter opens roles.
 */
export function UsersScreen() {
  const search = useSearch({ from: '/management/users/list' });
  const navigate = useNavigate({ from: '/management/users/list' });
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: managementKeys.users }),
    [queryClient],
  );
  const run = useCallback(
    async (work: () => Promise<unknown>, done: string) => {
      setBusy(true);
      try {
        await work();
        toast.positive(done);
        await refresh();
      } catch (e) {
        // The error catalogue has already shown the server's message.
        if (!(e instanceof ApiError)) throw e;
      } finally {
        setBusy(false);
      }
    },
    [refresh],
  );

  const handlers = useRef<UserHandlers>(null!);
  handlers.current = {
    approve: (u) => void run(() => approveUser(u.id), `ثبت‌نام ${fullName(u)} تأیید شد`),
    toggleActive: (u) =>
      u.status === 'deactivated'
        ? void run(() => activateUser(u.id), `حساب ${fullName(u)} فعال شد`)
        : setPending({ kind: 'deactivate', user: u }),
    resetPassword: (u) => setPending({ kind: 'reset', user: u }),
    openRoles: (u) => navigate({ to: '/management/users/user-roles/$id', params: { id: String(u.id) } }),
  };
  const columns = useMemo(() => userColumns(handlers), []);
  const rowActions = useMemo<RowAction<ManagedUser>[]>(
    () => [
      {
        id: 'users.approve',
        title: 'تأیید ثبت‌نام',
        key: 'KeyA',
        isEnabled: (u) => u.status === 'waiting',
        run: (u) => handlers.current.approve(u),
      },
      {
        id: 'users.toggle',
        title: 'غیرفعال یا فعال کردن',
        key: 'KeyD',
        run: (u) => handlers.current.toggleActive(u),
      },
      {
        id: 'users.reset',
        title: 'گذرواژه موقت',
        key: 'KeyP',
        run: (u) => handlers.current.resetPassword(u),
      },
    ],
    [],
  );

  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const confirm = async () => {
    if (!pending) return;
    const u = pending.user;
    if (pending.kind === 'deactivate') {
      await run(() => deactivateUser(u.id), `حساب ${fullName(u)} غیرفعال شد`);
      return;
    }
    await run(
      async () => {
        const file = await resetPassword(u.id);
        downloadBlob(file, `reset-${u.username}.txt`);
      },
      `گذرواژه موقت ${fullName(u)} در پرونده‌ای بارگیری شد`,
    );
  };

  return (
    <>
      <PageHeader description="حساب‌های کارکنان؛ ثبت‌نام‌های تازه پس از تأیید فعال می‌شوند" />
      <DataTable
        id="users"
        label="فهرست کاربران"
        columns={columns}
        filters={userFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={managementKeys.users}
        fetchPage={fetchUsers}
        getRowId={rowId}
        onOpen={handlers.current.openRoles}
        rowActions={rowActions}
        searchPlaceholder="نام کاربری، نام یا همراه"
        emptyText="هنوز کاربری ثبت نشده است"
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        tone="danger"
        busy={busy}
        title={pending?.kind === 'reset' ? 'گذرواژه موقت بدهید؟' : 'حساب غیرفعال شود؟'}
        description={
          pending &&
          (pending.kind === 'reset'
            ? `گذرواژه کنونی ${fullName(pending.user)} از کار می‌افتد و نشست‌های او بسته می‌شود. گذرواژه موقت در یک پرونده متنی بارگیری می‌شود تا به او بدهید؛ در نخستین ورود باید آن را عوض کند.`
            : `${fullName(pending.user)} دیگر نمی‌تواند وارد شود و نشست‌های کنونی‌اش همین حالا بسته می‌شود.`)
        }
        confirmLabel={pending?.kind === 'reset' ? 'ساختن گذرواژه موقت' : 'غیرفعال کردن'}
        onConfirm={confirm}
      />
    </>
  );
}
