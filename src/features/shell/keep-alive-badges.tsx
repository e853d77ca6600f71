import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { KeepAlive } from '~/contract/auth.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { formatDateTime, formatNumber, formatRelative } from '~/ui/format.ts';
import { Icon } from '~/ui/icons.tsx';
import {
  keepAliveQuery,
  markAllContactsSeen,
  markAllNotificationsSeen,
  markContactSeen,
  markNotificationSeen,
} from './api.ts';
import { readCurrentUser } from './current-user.ts';

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
const noteLink = css({
  flex: '1',
  minW: '0',
  fontSize: '13px',
  color: 'ink',
  textDecoration: 'none',
  borderRadius: '4px',
  _hover: { textDecoration: 'underline' },
});

/**
 * Header badges from GET /api/user/keep-alive (polled every 60 s and on window focus): unseen
 * contact messages, with a popover that marks one or all seen; the unseen notifications, with a
 * popover listing them newest first (opening one marks it seen, «همه خوانده شد» marks them all);
 * and the cartable count (issues assigned to me not opened since), a link to those issues.
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

  const noteSeen = useMutation({
    mutationFn: markNotificationSeen,
    onMutate: (id: number) =>
      update((d) => ({
        ...d,
        unseenNotifications: d.unseenNotifications.filter((n) => n.id !== id),
        unseenNotificationsCount: Math.max(0, d.unseenNotificationsCount - 1),
      })),
    onError: () => qc.invalidateQueries({ queryKey: options.queryKey }),
  });
  const notesSeen = useMutation({
    mutationFn: markAllNotificationsSeen,
    onMutate: () => update((d) => ({ ...d, unseenNotifications: [], unseenNotificationsCount: 0 })),
    onError: () => qc.invalidateQueries({ queryKey: options.queryKey }),
  });
  const navigate = useNavigate();
  const [notesOpen, setNotesOpen] = useState(false);
  const me = readCurrentUser();

  const unseen = data?.unseenContactsCount ?? 0;
  const cartables = data?.cartables ?? 0;
  const notes = data?.unseenNotificationsCount ?? 0;
  const cartableLabel = `کارتابل: ${formatNumber(cartables)} موضوع ارجاع‌شده به شما که هنوز باز نکرده‌اید`;
  const cartableBadge = (
    <>
      <Icon name="inbox" />
      {cartables > 0 && <Badge tone="first">{formatNumber(cartables)}</Badge>}
    </>
  );
  return (
    <>
      <Popover.Root positioning={{ placement: 'bottom-start', gutter: 6 }} lazyMount unmountOnExit>
        <Popover.Trigger className={iconButton} aria-label={`پیام‌های تماس دیده‌نشده: ${formatNumber(unseen)}`}>
          <Icon name="mail" />
          {unseen > 0 && <Badge tone="accent">{formatNumber(unseen)}</Badge>}
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={panel} dir="rtl" aria-label="پیام‌های تماس دیده‌نشده">
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
      <Popover.Root
        positioning={{ placement: 'bottom-start', gutter: 6 }}
        lazyMount
        unmountOnExit
        open={notesOpen}
        onOpenChange={(e) => setNotesOpen(e.open)}
      >
        <Popover.Trigger className={iconButton} aria-label={`اعلان‌های خوانده‌نشده: ${formatNumber(notes)}`}>
          <Icon name="bell" />
          {notes > 0 && <Badge tone="accent">{formatNumber(notes)}</Badge>}
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={panel} dir="rtl" aria-label="اعلان‌های خوانده‌نشده">
              <div className={panelHead}>
                <Popover.Title className={panelTitle}>اعلان‌های خوانده‌نشده</Popover.Title>
                {notes > 0 && (
                  <Button size="sm" tone="ghost" onClick={() => notesSeen.mutate()}>
                    همه خوانده شد
                  </Button>
                )}
              </div>
              {data && data.unseenNotifications.length > 0 ? (
                <ul className={list}>
                  {data.unseenNotifications.map((n) => {
                    const text = (
                      <>
                        <div>{n.title}</div>
                        {n.body && <div className={subject}>{n.body}</div>}
                        <time className={time} dateTime={n.created_at} title={formatDateTime(n.created_at)}>
                          {formatRelative(n.created_at)}
                        </time>
                      </>
                    );
                    const link = n.link;
                    return (
                      <li key={n.id} className={item}>
                        {link ? (
                          <a
                            href={link}
                            className={noteLink}
                            onClick={(e) => {
                              e.preventDefault();
                              noteSeen.mutate(n.id);
                              setNotesOpen(false);
                              void navigate({ href: link });
                            }}
                          >
                            {text}
                          </a>
                        ) : (
                          <div className={itemText}>{text}</div>
                        )}
                        <Button
                          size="sm"
                          tone="ghost"
                          aria-label={`خوانده شد: ${n.title}`}
                          onClick={() => noteSeen.mutate(n.id)}
                        >
                          <Icon name="check" />
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className={empty}>اعلان خوانده‌نشده‌ای نیست.</p>
              )}
              {data && notes > data.unseenNotifications.length && (
                <p className={empty}>
                  و {toPersianDigits(notes - data.unseenNotifications.length)} اعلان دیگر
                </p>
              )}
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {me ? (
        <Link
          to="/issues/legal-person"
          search={{ assignee_id: me.id } as never}
          className={iconButton}
          aria-label={cartableLabel}
          title="موضوعات ارجاع‌شده به شما"
        >
          {cartableBadge}
        </Link>
      ) : (
        <span className={staticBadge} role="img" aria-label={cartableLabel}>
          {cartableBadge}
        </span>
      )}
    </>
  );
}
