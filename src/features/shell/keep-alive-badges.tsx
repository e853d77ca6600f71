import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import type { KeepAlive } from '~/contract/auth.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { formatDateTime, formatNumber, formatRelative } from '~/ui/format.ts';
import { Icon } from '~/ui/icons.tsx';
import { keepAliveQuery, markAllContactsSeen, markContactSeen } from './api.ts';

const iconButton = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '32px',
  px: '2',
  borderRadius: '4px',
  color: 'ink',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
});
const staticBadge = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '32px',
  px: '2',
  color: 'ink',
});
const panel = css({
  w: 'min(360px, calc(100vw - 24px))',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '6px',
  zIndex: 30,
  outline: 'none',
});
const panelHead = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
const panelTitle = css({ fontSize: '13px', fontWeight: '600', m: '0' });
const list = css({ listStyle: 'none', m: '0', p: '0', maxH: '360px', overflowY: 'auto' });
const item = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _last: { borderBottomWidth: '0' },
});
const itemText = css({ flex: '1', minW: '0', fontSize: '13px' });
const subject = css({ color: 'muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const time = css({ fontSize: '12px', color: 'muted' });
const empty = css({ px: '3', py: '4', fontSize: '13px', color: 'muted' });

/**
 * Header badges from GET /api/user/keep-alive (polled every 60 s): unseen contact messages,
 * with a popover that marks one or all seen, and the cartable count.
 */
export function KeepAliveBadges({ roleId }: { roleId: number }) {
  const qc = useQueryClient();
  const options = keepAliveQuery(roleId);
  const { data } = useQuery(options);
  const update = (fn: (d: KeepAlive) => KeepAlive) =>
    qc.setQueryData<KeepAlive>(options.queryKey, (d) => (d ? fn(d) : d));

  const seenOne = useMutation({
    mutationFn: markContactSeen,
    onMutate: (id: number) =>
      update((d) => ({
        ...d,
        unseenContacts: d.unseenContacts.filter((c) => c.id !== id),
        unseenContactsCount: Math.max(0, d.unseenContactsCount - 1),
      })),
    onError: () => qc.invalidateQueries({ queryKey: options.queryKey }),
  });
  const seenAll = useMutation({
    mutationFn: markAllContactsSeen,
    onMutate: () => update((d) => ({ ...d, unseenContacts: [], unseenContactsCount: 0 })),
    onError: () => qc.invalidateQueries({ queryKey: options.queryKey }),
  });

  const unseen = data?.unseenContactsCount ?? 0;
  const cartables = data?.cartables ?? 0;
  return (
    <>
      <Popover.Root positioning={{ placement: 'bottom-start', gutter: 6 }} lazyMount unmountOnExit>
        <Popover.Trigger className={iconButton} aria-label={`پیام‌های تماس دیده‌نشده: ${formatNumber(unseen)}`}>
          <Icon name="mail" />
          {unseen > 0 && <Badge tone="accent">{formatNumber(unseen)}</Badge>}
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={panel} dir="rtl">
              <div className={panelHead}>
                <Popover.Title className={panelTitle}>پیام‌های تماس دیده‌نشده</Popover.Title>
                {unseen > 0 && (
                  <Button size="sm" tone="ghost" onClick={() => seenAll.mutate()}>
                    همه دیده شد
                  </Button>
                )}
              </div>
              {data && data.unseenContacts.length > 0 ? (
                <ul className={list}>
                  {data.unseenContacts.map((c) => (
                    <li key={c.id} className={item}>
                      <div className={itemText}>
                        <div>{c.name}</div>
                        <div className={subject}>{c.subject}</div>
                        <time className={time} dateTime={c.created_at} title={formatDateTime(c.created_at)}>
                          {formatRelative(c.created_at)}
                        </time>
                      </div>
                      <Button
                        size="sm"
                        tone="ghost"
                        aria-label={`دیده شد: پیام ${c.name}`}
                        onClick={() => seenOne.mutate(c.id)}
                      >
                        <Icon name="check" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={empty}>پیام دیده‌نشده‌ای نیست.</p>
              )}
              {data && unseen > data.unseenContacts.length && (
                <p className={empty}>و {toPersianDigits(unseen - data.unseenContacts.length)} پیام دیگر</p>
              )}
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      <span
        className={staticBadge}
        role="img"
        aria-label={`کارتابل: ${formatNumber(cartables)} درخواست در انتظار`}
      >
        <Icon name="inbox" />
        {cartables > 0 && <Badge tone="first">{formatNumber(cartables)}</Badge>}
      </span>
    </>
  );
}
