import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { css } from 'styled-system/css';
import type { BoardInterlockRow, ShareholdingInterlockRow } from '~/contract/board-ownership.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { noteCss } from '~/ui/figure-styles.ts';
import { formatNumber } from '~/ui/format.ts';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { touchingQuery } from './api.ts';
import { CompanyLink, PersonLink, personShareText, seatRole, tiesText } from './interlock-parts.tsx';

/**
 * The interlocks touching one company (GET /api/ownership/interlocks?company_id=): members of its
 * board who sit on other boards too, and board members (of this company or of another) holding
 * shares in a company tied to theirs by a direct holding.
 */

// links among words are underlined: colour alone does not tell them from the text (WCAG 1.4.1)
const wrap = css({ display: 'block', whiteSpace: 'normal', py: '1', '& a': { textDecoration: 'underline' } });
const caption = css({ fontSize: '12px', color: 'muted', m: 0, px: '4', pt: '2', pb: '1' });
const failed = css({ px: '4', py: '2' });

/** Shown of a person's other boards before «و N هیئت دیگر» (the whole list is one link away). */
const SHOWN = 6;

function OtherBoards({ id, row }: { id: number; row: BoardInterlockRow }) {
  const { canOpen } = useCommandContext();
  const others = row.seats.filter((s) => s.company.id !== id);
  const rest = others.length - SHOWN;
  return (
    <span className={wrap}>
      {others.slice(0, SHOWN).map((s, i) => (
        <Fragment key={s.seat_id}>
          {i > 0 && '، '}
          <CompanyLink node={s.company} /> ({seatRole(s)})
        </Fragment>
      ))}
      {rest > 0 &&
        (canOpen('/person/board-interlocks') ? (
          <>
            {' '}
            و{' '}
            <Link
              to="/person/board-interlocks"
              search={{ q: row.person.name }}
              style={{ textDecoration: 'underline' }}
            >
              {formatNumber(rest)} هیئت دیگر
            </Link>
          </>
        ) : (
          ` و ${formatNumber(rest)} هیئت دیگر`
        ))}
    </span>
  );
}

function OnSeveralBoards({ id, rows }: { id: number; rows: BoardInterlockRow[] }) {
  return (
    <StaticTable
      caption="اعضایی که در هیئت مدیره شرکت‌های دیگر هم هستند"
      rows={rows}
      empty="هیچ‌یک از اعضای هیئت مدیره جاری در هیئت مدیره شرکت دیگری نیست."
      columns={[
        { header: 'عضو', width: '12rem', cell: (r) => <PersonLink node={r.person} /> },
        {
          header: 'سمت در این شرکت',
          width: '14rem',
          cell: (r) =>
            r.seats
              .filter((s) => s.company.id === id)
              .map(seatRole)
              .join('؛ '),
        },
        { header: 'هیئت‌های مدیره دیگر', cell: (r) => <OtherBoards id={id} row={r} /> },
      ]}
    />
  );
}

function HoldingRelated({ rows }: { rows: ShareholdingInterlockRow[] }) {
  return (
    <StaticTable
      caption="اعضای هیئت مدیره که سهامدار شرکت مرتبط‌اند"
      rows={rows}
      empty="عضوی از هیئت مدیره که سهامدار شرکتی مرتبط با آن باشد، یا سهامدار این شرکت در هیئت مدیره شرکتی مرتبط، ثبت نشده است."
      columns={[
        { header: 'عضو', width: '11rem', cell: (r) => <PersonLink node={r.person} /> },
        {
          header: 'در هیئت مدیره',
          cell: (r) => (
            <span className={wrap}>
              <CompanyLink node={r.seat.company} /> ({seatRole(r.seat)})
            </span>
          ),
        },
        { header: 'سهامدار', width: '12rem', cell: (r) => <CompanyLink node={r.related} /> },
        { header: 'سهم عضو', width: '6rem', numeric: true, cell: (r) => personShareText(r.person_share) },
        { header: 'پیوند دو شرکت', cell: (r) => <span className={wrap}>{tiesText(r.ties)}</span> },
      ]}
    />
  );
}

export function TouchingInterlocks({ id }: { id: number }) {
  const board = useQuery(touchingQuery(id, 'board'));
  const shareholding = useQuery(touchingQuery(id, 'shareholding'));
  if (board.isError || shareholding.isError)
    return (
      <p className={`${noteCss} ${failed}`}>پیوندهای هیئت مدیره بارگیری نشد؛ صفحه را دوباره بارگذاری کنید.</p>
    );
  if (!board.data || !shareholding.data) return <SkeletonRows rows={2} columns={3} />;
  const b = board.data;
  const s = shareholding.data;
  return (
    <>
      <p className={caption}>
        عضویت در چند هیئت مدیره: {formatNumber(b.total)} نفر · سهامداری در شرکت مرتبط: {formatNumber(s.total)}{' '}
        مورد
      </p>
      <OnSeveralBoards id={id} rows={b.data as BoardInterlockRow[]} />
      <HoldingRelated rows={s.data as ShareholdingInterlockRow[]} />
    </>
  );
}
