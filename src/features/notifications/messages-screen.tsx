import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import { MESSAGE_STATUS_LABELS, type MessageRow, messageAudience } from '~/contract/notification-messages.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EMPTY, formatDateTime, formatNumber, formatRelative } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { fetchMessages, messageKeys } from './messages-api.ts';
import { MessageComposer } from './messages-composer.tsx';
import { messageFilters } from './messages-search.ts';

const PATH = '/notifications/sms';
const muted = css({ color: 'muted' });
const failedCss = css({ color: 'danger' });

const col = columnHelper<MessageRow>();
const columns = col.columns([
  col.accessor('title', { header: 'عنوان', size: 200 }),
  col.accessor('audience_text', {
    header: 'گیرندگان',
    size: 240,
    enableSorting: false,
    meta: { grow: 1 },
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  col.accessor('recipient_count', {
    header: 'شمار گیرندگان',
    size: 100,
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) =>
      c.getValue() === null ? <span className={muted}>{EMPTY}</span> : formatNumber(c.getValue()!),
  }),
  col.display({
    id: 'delivery',
    header: 'رسیده / ناموفق',
    size: 120,
    meta: { numeric: true, description: 'پیامک‌های رسیده، ناموفق و در صف' },
    cell: ({ row: { original: r } }) =>
      r.status === 'draft' ? (
        <span className={muted}>{EMPTY}</span>
      ) : (
        <span title={`در صف: ${formatNumber(r.pending)}`}>
          {formatNumber(r.sent)} /{' '}
          <span className={r.failed ? failedCss : undefined}>{formatNumber(r.failed)}</span>
          {r.pending > 0 && <span className={muted}> (+{formatNumber(r.pending)})</span>}
        </span>
      ),
  }),
  col.accessor('status', {
    header: 'وضعیت',
    size: 100,
    enableSorting: false,
    cell: (c) => (
      <Badge tone={c.getValue() === 'sent' ? 'success' : 'neutral'}>
        {MESSAGE_STATUS_LABELS[c.getValue()]}
      </Badge>
    ),
  }),
  col.accessor('sent_at', {
    header: 'زمان ارسال',
    size: 150,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) =>
      c.getValue() ? (
        <span title={formatRelative(c.getValue()!)}>{formatDateTime(c.getValue()!)}</span>
      ) : (
        <span className={muted}>{EMPTY}</span>
      ),
  }),
]);

const rowId = (r: MessageRow) => String(r.id);

/** A persons audience passed by URL (`persons`), or null when absent or not valid. */
function personsFromUrl(text: string | undefined) {
  if (!text) return null;
  try {
    const parsed = messageAudience.safeParse({ kind: 'persons', ...JSON.parse(text) });
    return parsed.success && parsed.data.kind === 'persons' ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * /notifications/sms: staff-sent messages, newest first (title, audience, recipients, delivered
 * and failed SMS, status, when sent). N writes a new one, Enter opens one (a draft to edit and
 * send, a sent one to read); the composer's state is in the URL, so the true persons list opens
 * it with its filter as the audience.
 */
export function MessagesScreen() {
  const search = useSearch({ from: PATH });
  const navigate = useNavigate({ from: PATH });
  const { compose, persons, ...list } = search;
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const openNew = () => navigate({ search: (s) => ({ ...s, compose: 'new' }) });
  const open = useCallback(
    (row: MessageRow) => navigate({ search: (s) => ({ ...s, compose: row.id, persons: undefined }) }),
    [navigate],
  );
  const close = () => navigate({ search: (s) => ({ ...s, compose: undefined, persons: undefined }) });
  useFormCommand({
    id: 'notifications.messages.new',
    title: 'پیامک تازه',
    shortcut: 'KeyN',
    group: 'ارسال پیامک',
    path: PATH,
    keywords: ['new', 'sms', 'message', 'پیام', 'پیامک', 'ارسال'],
    run: openNew,
  });
  const personsAudience = useMemo(() => personsFromUrl(persons), [persons]);
  // Brought from the persons list without `compose`: the composer opens with that audience.
  const composing = compose ?? (personsAudience ? 'new' : undefined);
  return (
    <>
      <PageHeader
        description="پیامک (و برای کاربران، اعلان درون سامانه) به دارندگان نقش‌ها، کاربران برگزیده یا اشخاص حقیقی یک فیلتر؛ با الگو، پیش‌نمایش و ارسال"
        actions={
          <Button tone="primary" shortcut="KeyN" onClick={openNew}>
            پیامک تازه
          </Button>
        }
      />
      <DataTable
        id="notification-messages"
        label="پیامک‌های فرستاده"
        columns={columns}
        filters={messageFilters}
        search={list}
        onSearchChange={onSearchChange}
        queryKey={messageKeys.list}
        fetchPage={fetchMessages}
        getRowId={rowId}
        onOpen={open}
        searchPlaceholder="بخشی از عنوان"
        emptyText="هنوز پیامکی نوشته نشده است"
        emptyHint="با N پیامک تازه‌ای بنویسید؛ از فهرست اشخاص حقیقی هم می‌توان به اشخاص یک فیلتر پیامک فرستاد."
      />
      {composing !== undefined && (
        <MessageComposer
          key={String(composing)}
          id={composing === 'new' ? null : composing}
          persons={personsAudience}
          onClose={close}
        />
      )}
    </>
  );
}
