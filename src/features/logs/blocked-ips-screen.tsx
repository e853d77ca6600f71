import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import type { RowAction } from '~/ui/data-table/types.ts';
import { formatDateTime, formatRelative } from '~/ui/format.ts';
import { toast } from '~/ui/toaster.tsx';
import { type BlockedIpRow, fetchBlockedIps, logKeys, unblockIp } from './api.ts';
import { LogList } from './log-list.tsx';
import { blockedIpFilters } from './search.ts';

const col = columnHelper<BlockedIpRow>();

function blockedColumns(onUnblock: { current: (r: BlockedIpRow) => void }, mayUnblock: boolean) {
  return col.columns([
    col.accessor('ip', {
      header: 'نشانی IP',
      size: 150,
      cell: (c) => <span dir="ltr">{toPersianDigits(c.getValue())}</span>,
    }),
    col.accessor('active', {
      header: 'وضعیت',
      size: 110,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.active ? (
          <Badge tone="danger">مسدود</Badge>
        ) : row.original.unblocked_at ? (
          <Badge tone="success">آزاد شده</Badge>
        ) : (
          <Badge tone="neutral">پایان‌یافته</Badge>
        ),
    }),
    col.accessor('reason', { header: 'علت', size: 240, enableSorting: false, meta: { grow: 1 } }),
    col.accessor('blocked_at', {
      header: 'مسدود از',
      size: 140,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => <span title={formatRelative(c.getValue())}>{formatDateTime(c.getValue())}</span>,
    }),
    col.accessor('blocked_until', {
      header: 'تا',
      size: 140,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => <span title={formatRelative(c.getValue())}>{formatDateTime(c.getValue())}</span>,
    }),
    // the actions column only for a role that may unblock: a reader sees no empty column
    ...(mayUnblock
      ? [
          col.display({
            id: 'actions',
            header: 'کار',
            size: 110,
            cell: ({ row }) =>
              row.original.active ? (
                <Button
                  size="sm"
                  tabIndex={-1}
                  onClick={(e) => {
                    e.stopPropagation();
                    onUnblock.current(row.original);
                  }}
                >
                  آزاد کردن
                </Button>
              ) : null,
          }),
        ]
      : []),
  ]);
}

const rowId = (r: BlockedIpRow) => String(r.id);

/**
 * /logs/blocked-ips: addresses blocked after repeated failures; U lifts the focused one's block
 * (offered only to a role holding `logs.unblock`).
 */
export function BlockedIpsScreen() {
  const queryClient = useQueryClient();
  // The role is fixed while this screen is open (choosing another one leaves it).
  const mayUnblock = useMemo(() => sessionHolds(readSession(), 'logs.unblock'), []);
  const [pending, setPending] = useState<BlockedIpRow | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useRef((r: BlockedIpRow) => setPending(r));
  const columns = useMemo(() => blockedColumns(ask, mayUnblock), [mayUnblock]);
  const rowActions = useMemo<RowAction<BlockedIpRow>[]>(
    () =>
      mayUnblock
        ? [
            {
              id: 'blocked.unblock',
              title: 'آزاد کردن نشانی',
              key: 'KeyU',
              isEnabled: (r) => r.active,
              run: (r) => ask.current(r),
            },
          ]
        : [],
    [mayUnblock],
  );
  const unblock = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await unblockIp(pending.id);
      toast.positive(`نشانی ${toPersianDigits(pending.ip)} آزاد شد`);
      await queryClient.invalidateQueries({ queryKey: logKeys.blocked });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <LogList
        from="/logs/blocked-ips"
        description="نشانی‌هایی که پس از تلاش‌های ناموفق پیاپی مسدود شده‌اند"
        id="blocked-ips"
        label="نشانی‌های مسدود"
        columns={columns}
        filters={blockedIpFilters}
        queryKey={logKeys.blocked}
        fetchPage={fetchBlockedIps}
        getRowId={rowId}
        rowActions={rowActions}
        searchPlaceholder="بخشی از نشانی IP"
        emptyText="هیچ نشانی‌ای مسدود نشده است"
        emptyHint="نشانی‌ای که پیاپی در ورود ناکام بماند برای مدتی اینجا مسدود می‌شود."
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        busy={busy}
        title="نشانی آزاد شود؟"
        description={
          pending &&
          `درخواست‌های ${toPersianDigits(pending.ip)} دوباره پذیرفته می‌شود و شمار تلاش‌های ناموفقش از صفر آغاز می‌شود.`
        }
        confirmLabel="آزاد کردن"
        onConfirm={unblock}
      />
    </>
  );
}
