import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useCommandContext } from '~/lib/command-context.ts';
import { useCommands, visibleCommands } from '~/lib/commands.ts';
import { Card } from '~/ui/card.tsx';
import { formatDateTime, formatNumber, formatRelative } from '~/ui/format.ts';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { keepAliveQuery } from '../api.ts';
import { NAV_GROUP } from '../shell-commands.ts';
import { listTotalQuery, readUserReport } from './api.ts';
import { StatTile } from './stat-tile.tsx';

const tiles = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '3',
  mb: '5',
});
// The last row's bottom border hides under the card's edge.
const quick = css({
  listStyle: 'none',
  m: '0',
  mb: '-1px',
  p: '0',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
});
const quickCard = css({ overflow: 'hidden' });
const quickLink = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  h: '36px',
  px: '4',
  color: 'ink',
  textDecoration: 'none',
  fontSize: '13px',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _hover: { bg: 'subtle' },
});
const tip = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  mt: '4',
  fontSize: '13px',
  color: 'muted',
});

const LEGAL = '/person/legal-persons';
const TRUE = '/person/true-persons';

/**
 * The dashboard for a signed-in role: persons on record (live list totals, falling back to
 * the report stored at role selection), unseen contact messages, the previous sign-in, and
 * every screen the role may open with its keys.
 */
export function Dashboard({ roleId }: { roleId: number }) {
  const ctx = useCommandContext();
  const report = readUserReport();
  const legal = useQuery({ ...listTotalQuery(`/api${LEGAL}`), enabled: ctx.canOpen(LEGAL) });
  const natural = useQuery({ ...listTotalQuery(`/api${TRUE}`), enabled: ctx.canOpen(TRUE) });
  const keepAlive = useQuery(keepAliveQuery(roleId));
  const commands = useCommands();
  const screens = visibleCommands(commands, ctx).filter((c) => c.group === NAV_GROUP && c.hint !== '/');

  const count = (live: number | undefined, stored: number | undefined, pending: boolean) =>
    live !== undefined ? formatNumber(live) : pending ? undefined : formatNumber(stored ?? null);

  return (
    <>
      <PageHeader description="نمای کلی سامانه برای نقش کنونی شما" />
      <div className={tiles}>
        {ctx.canOpen(LEGAL) && (
          <StatTile
            label="اشخاص حقوقی"
            value={count(legal.data, report?.legal_persons, legal.isPending)}
            note="شرکت‌ها، صندوق‌ها و نهادها"
            to={LEGAL}
            shortcut="KeyG KeyL"
          />
        )}
        {ctx.canOpen(TRUE) && (
          <StatTile
            label="اشخاص حقیقی"
            value={count(natural.data, report?.true_persons, natural.isPending)}
            note="مدیران، اعضای هیئت مدیره و نمایندگان"
            to={TRUE}
            shortcut="KeyG KeyT"
          />
        )}
        <StatTile
          label="پیام‌های تماس دیده‌نشده"
          value={count(keepAlive.data?.unseenContactsCount, report?.unseen_contacts, keepAlive.isPending)}
          note="فهرست آن‌ها در نوار بالا، کنار نشان نامه"
        />
        <StatTile
          label="ورود پیشین شما"
          value={report?.last_login_at ? formatRelative(report.last_login_at) : 'نخستین ورود'}
          note={report?.last_login_at ? formatDateTime(report.last_login_at) : undefined}
        />
      </div>
      <Card title="رفتن به" flush className={quickCard}>
        <ul className={quick}>
          {screens.map((c) => (
            <li key={c.id}>
              <Link to={c.hint!} className={quickLink}>
                <span>{c.title}</span>
                {c.shortcut && <Kbd binding={c.shortcut} />}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <p className={tip}>
        هر صفحه، شرکت یا فردی را با <Kbd binding="$mod+KeyK" /> پیدا کنید؛ فهرست همه میان‌برها با{' '}
        <Kbd binding="Shift+Slash" />.
      </p>
    </>
  );
}
