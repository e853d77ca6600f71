import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { BoardEntitlement, StateSeat } from '~/contract/board-ownership.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { Badge } from '~/ui/badge.tsx';
import { StaticTable } from '~/ui/data-table/static-table.tsx';
import { noteCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatDate, formatNumber, formatPercent } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { DefinitionList, RecordSection, type Term } from '~/ui/record/record-parts.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { entitlementQuery } from './api.ts';
import { CompanyLink, PersonLink, positionTitle } from './interlock-parts.tsx';
import { TouchingInterlocks } from './touching-interlocks.tsx';

/**
 * «هیئت مدیره و سهم دولت» on a company's view (issue 17, "Boards tied to ownership"): the seats
 * the state's integrated stake entitles it to on the current board (cumulative voting, article 88
 * of the Commercial Code; domain/ownership/boards.ts) beside the seats its representatives hold,
 * the difference, the state's seats one by one; then the interlocks touching the company, with a
 * link to the whole portfolio's list. Figures as of today at the 50% control threshold.
 */

const figures = css({ px: '4', pt: '3', pb: '2', display: 'grid', gap: '2' });
const subheading = css({ fontSize: '13px', fontWeight: 600, m: 0, px: '4', pt: '3', pb: '1' });
const holderCell = css({ display: 'inline-flex', alignItems: 'center', gap: '2' });
const why = css({ fontSize: '13px', color: 'warning', m: 0 });

const count = (n: number) => formatNumber(n);
const seatsOf = (k: number, n: number) => `${count(k)} از ${count(n)}`;

function DifferenceBadge({ difference }: { difference: number }) {
  if (difference === 0) return <Badge tone="success">برابر با حق سهم</Badge>;
  const n = count(Math.abs(difference));
  return difference > 0 ? (
    <Badge tone="warning">{n} کرسی بیش از حق سهم</Badge>
  ) : (
    <Badge tone="warning">{n} کرسی کمتر از حق سهم</Badge>
  );
}

function terms(d: BoardEntitlement): Term[] {
  const n = d.seats;
  const items: Term[] = [
    {
      label: 'هیئت مدیره جاری',
      value: d.board ? `${formatDate(d.board.term_start)} تا ${formatDate(d.board.term_end)}` : 'ثبت نشده',
      numeric: true,
    },
    { label: 'کرسی‌های اصلی', value: n === null ? EMPTY : count(n), numeric: true },
    {
      label: 'سهم یکپارچه دولت',
      value: d.state_share === null ? 'محاسبه‌پذیر نیست' : formatPercent(d.state_share),
      numeric: true,
    },
  ];
  if (d.entitled && n !== null) {
    const e = d.entitled;
    items.push(
      {
        label: 'حق دولت (رأی تجمعی)',
        value: (
          <>
            {seatsOf(e.cumulative, n)} کرسی
            <How>
              <span>
                ماده ۸۸ لایحه اصلاحی قانون تجارت: در انتخاب مدیران، آرای هر سهامدار در شمار مدیران ضرب می‌شود و
                می‌تواند همه را به یک نامزد بدهد. دارندهٔ سهم s از آرا، k کرسی از n کرسی را هر چه دیگران کنند به
                دست می‌آورد اگر و تنها اگر s بیش از k/(n+1) باشد.
              </span>
              <span>
                {e.next_above === null
                  ? 'این سهم همهٔ کرسی‌ها را تضمین می‌کند.'
                  : `برای یک کرسی بیشتر، سهمی بیش از ${formatPercent(e.next_above)} لازم است.`}
              </span>
            </How>
          </>
        ),
        numeric: true,
      },
      { label: 'به رأی اکثریت ساده', value: `${seatsOf(e.majority, n)} کرسی`, numeric: true },
    );
  }
  if (n !== null && n > 0)
    items.push({
      label: 'آرای دولت در مجمع',
      // each figure isolated: two numbers side by side would run together in right-to-left text
      value:
        d.votes.share === null ? (
          'محاسبه‌پذیر نیست'
        ) : (
          <>
            <bdi>{formatPercent(d.votes.share)}</bdi>
            {d.votes.seats && (
              <>
                ، یعنی <bdi>{seatsOf(d.votes.seats.cumulative, n)}</bdi> کرسی
              </>
            )}
          </>
        ),
      numeric: true,
    });
  items.push({ label: 'کرسی‌های نمایندگان دولت', value: count(d.held), numeric: true });
  if (d.difference !== null)
    items.push({ label: 'تفاوت با حق سهم', value: <DifferenceBadge difference={d.difference} /> });
  return items;
}

const viaText = (s: StateSeat) =>
  s.via === 'state-entity'
    ? 'نهاد دولتی'
    : `تحت کنترل دولت${s.control_share === null ? '' : ` (${formatPercent(s.control_share)})`}`;

function StateSeats({ seats }: { seats: StateSeat[] }) {
  return (
    <StaticTable<StateSeat & { id: number }>
      caption="کرسی‌های نمایندگان دولت"
      rows={seats.map((s) => ({ ...s, id: s.seat_id }))}
      empty="هیچ کرسی‌ای از هیئت مدیره جاری در دست نهادهای دولتی یا شرکت‌های تحت کنترل دولت نیست."
      columns={[
        { header: 'سمت', width: '9rem', cell: (s) => positionTitle(s.position) },
        {
          header: 'دارنده کرسی',
          cell: (s) => (
            <span className={holderCell}>
              <CompanyLink node={s.holder} />
              <StateClassBadge code={s.holder.state_class} />
            </span>
          ),
        },
        {
          header: 'نماینده',
          cell: (s) => (s.representative ? <PersonLink node={s.representative} /> : EMPTY),
        },
        { header: 'پیوند با دولت', width: '12rem', cell: viaText },
      ]}
    />
  );
}

export function EntitlementSection(props: RecordSectionProps<'legal'>) {
  const q = useQuery(entitlementQuery(props.id));
  const { canOpen } = useCommandContext();
  const d = q.data;
  return (
    <RecordSection
      id="board-ownership"
      title="هیئت مدیره و سهم دولت"
      shortcut={props.shortcut}
      count={d?.seats ? `${count(d.held)} از ${count(d.seats)} کرسی برای دولت` : undefined}
      actions={
        canOpen('/person/board-interlocks') && (
          <Link to="/person/board-interlocks">همه پیوندهای هیئت مدیره</Link>
        )
      }
    >
      {!d ? (
        q.isError ? (
          <p className={noteCss} style={{ padding: 16 }}>
            سهم دولت در هیئت مدیره بارگیری نشد؛ صفحه را دوباره بارگذاری کنید.
          </p>
        ) : (
          <SkeletonRows rows={3} columns={4} />
        )
      ) : (
        <>
          <div className={figures}>
            <DefinitionList items={terms(d)} />
            {d.reason_text && <p className={why}>حق دولت از کرسی‌ها محاسبه‌پذیر نیست: {d.reason_text}.</p>}
            {d.unknown_links.length > 0 && (
              <p className={noteCss}>
                پیوندهای با سهم نامعلوم:{' '}
                {d.unknown_links.map((l) => `${l.holder.name} در ${l.company.name}`).join('، ')}
              </p>
            )}
          </div>
          <StateSeats seats={d.state_seats} />
          <h3 className={subheading}>پیوندهای هیئت مدیره این شرکت</h3>
          <TouchingInterlocks id={props.id} />
        </>
      )}
    </RecordSection>
  );
}
