import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ControllerAnswer, IntegratedHolder, OwnershipNode } from '~/contract/ownership.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import type { OwnershipSearch } from '~/lib/ownership-search.ts';
import { AsOfBar } from '~/ui/as-of-bar.tsx';
import { Badge } from '~/ui/badge.tsx';
import { noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatPercent, UNKNOWN_SHARE } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { chainsQuery, ownersQuery } from './api.ts';

/**
 * The company's holders side by side: direct and integrated (through every chain, corrected for
 * cross-holdings), a declared indirect interest beside the computed figure, and under «چگونه؟»
 * the chains behind each integrated figure (issue 17). The date and the control threshold are in
 * the URL (`as_of`, `threshold`); the ultimate controller follows them.
 */

const card = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '3',
  mt: '4',
  display: 'grid',
  gap: '3',
});
const heading = css({ fontSize: '15px', fontWeight: 600, m: 0 });
const facts = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '6',
  fontSize: '13px',
  m: 0,
  '& dt': { color: 'muted' },
  '& dd': { m: 0, fontWeight: 600 },
});

const TYPE: Record<string, string> = { legal: 'حقوقی', true: 'حقیقی' };

/** A node's name as a link to its record. */
export function NodeLink({ node }: { node: OwnershipNode }) {
  return node.type === 'legal' ? (
    <Link to="/person/legal-persons/view/$id" params={{ id: String(node.id) }}>
      {node.name}
    </Link>
  ) : (
    <Link to="/person/true-persons/view/$id" params={{ id: String(node.id) }}>
      {node.name}
    </Link>
  );
}

/** A chain from the holder to the company, in reading order (the arrows point along it in RTL). */
const path = (nodes: OwnershipNode[]) => nodes.map((n) => n.name).join(' ← ');

/** The ultimate controller in words. */
function Controller({ c, threshold }: { c: ControllerAnswer; threshold: number }) {
  const t = formatPercent(threshold);
  if (c.kind === 'controller')
    return (
      <>
        <NodeLink node={c.controller} /> با {formatPercent(c.share)} (مستقیم و از راه شرکت‌های تحت کنترل)
        <div className={noteCss}>مسیر کنترل: {path(c.path)}</div>
      </>
    );
  if (c.kind === 'tie')
    return (
      <>
        {c.circular ? 'کنترل چرخشی میان ' : 'هم‌ترازی میان '}
        {c.candidates.map((x, i) => (
          <span key={x.holder.key}>
            {i > 0 && '، '}
            <NodeLink node={x.holder} /> ({formatPercent(x.share)})
          </span>
        ))}
      </>
    );
  return (
    <>
      کنترل‌کننده‌ای بیش از {t} نیست
      {c.largest.length > 0 && (
        <div className={noteCss}>
          بزرگ‌ترین سهامدار: {c.largest.map((x) => `${x.holder.name} (${formatPercent(x.share)})`).join('، ')}
        </div>
      )}
    </>
  );
}

/** The chains behind one holder's integrated figure, loaded when «چگونه؟» is first opened. */
function Chains({ holder, company, asOf }: { holder: string; company: string; asOf: string | undefined }) {
  const q = useQuery(chainsQuery(holder, company, asOf));
  const d = q.data;
  if (!d) return <span className={noteCss}>{q.isError ? 'بارگیری نشد' : 'در حال بارگیری…'}</span>;
  return (
    <>
      <ol className={css({ m: 0, ps: '4', display: 'grid', gap: '1' })}>
        {d.chains.map((c) => (
          <li key={c.nodes.map((n) => n.key).join('>')}>
            {path(c.nodes)}: {c.product === null ? UNKNOWN_SHARE : formatPercent(c.product, 4)}
            {c.unknown_links.length > 0 && (
              <span className={noteCss}>
                {' '}
                (سهم نامعلوم: {c.unknown_links.map((l) => `${l.holder.name} در ${l.company.name}`).join('، ')}
                )
              </span>
            )}
          </li>
        ))}
      </ol>
      {d.rest !== null && d.rest > 5e-7 && (
        <span className={noteCss}>
          و {formatPercent(d.rest, 4)} از گردش در چرخه‌های سهامداری متقابل (سهامی که شرکت‌های چرخه از یکدیگر
          دارند)
        </span>
      )}
      {d.truncated && <span className={noteCss}>زنجیره‌های کوچک‌تر دیگری هم هست.</span>}
      <span className={noteCss}>
        جمع: {d.integrated === null ? UNKNOWN_SHARE : formatPercent(d.integrated, 4)} = حاصل‌ضرب سهم‌ها در هر
        زنجیره، جمع روی همهٔ زنجیره‌ها
      </span>
    </>
  );
}

function HolderRow({ h, company, asOf }: { h: IntegratedHolder; company: string; asOf: string | undefined }) {
  const [opened, setOpened] = useState(false);
  return (
    <tr>
      <td>
        <NodeLink node={h.holder} />{' '}
        {h.holder.type === 'legal' && <StateClassBadge code={h.holder.state_class} />}
      </td>
      <td>{TYPE[h.holder.type]}</td>
      <td className="num">
        {h.direct_unknown ? UNKNOWN_SHARE : h.direct === null ? EMPTY : formatPercent(h.direct, 4)}
      </td>
      <td className="num">
        {h.integrated === null ? (
          <span title={h.unknown_links.map((l) => `${l.holder.name} در ${l.company.name}`).join('، ')}>
            محاسبه‌پذیر نیست
          </span>
        ) : (
          formatPercent(h.integrated, 4)
        )}
      </td>
      <td className="num">
        {h.declared_indirect === null ? EMPTY : formatPercent(h.declared_indirect, 4)}
        {h.disagrees && (
          <>
            {' '}
            <Badge tone="warning">ناهمخوان</Badge>
          </>
        )}
      </td>
      <td>
        <How onOpen={() => setOpened(true)}>
          {h.integrated === null && h.unknown_links.length > 0 && (
            <span>
              پیوندهای با سهم نامعلوم:{' '}
              {h.unknown_links.map((l) => `${l.holder.name} در ${l.company.name}`).join('، ')}
            </span>
          )}
          {opened && <Chains holder={h.holder.key} company={company} asOf={asOf} />}
        </How>
      </td>
    </tr>
  );
}

export function IntegratedSection({ companyId }: { companyId: number }) {
  const search = useSearch({ from: '/person/shareholder/$legalId' }) as OwnershipSearch;
  const navigate = useNavigate({ from: '/person/shareholder/$legalId' });
  const q = useQuery(ownersQuery(companyId, search));
  const d = q.data;
  return (
    <section className={card} aria-labelledby="integrated-heading">
      <h2 id="integrated-heading" className={heading}>
        مالکیت مستقیم و یکپارچه
      </h2>
      <AsOfBar
        value={search}
        onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
      >
        <Link
          to="/person/legal-persons/shareholder-graph/$id"
          params={{ id: String(companyId) }}
          search={search}
        >
          نمودار سهامداران
        </Link>
        <Link to="/person/legal-persons/graph/$id" params={{ id: String(companyId) }} search={search}>
          نمودار شرکت‌های زیرمجموعه
        </Link>
      </AsOfBar>
      {!d ? (
        q.isPending ? (
          <SkeletonRows rows={4} columns={5} />
        ) : (
          <p className={noteCss}>مالکیت یکپارچه بارگیری نشد.</p>
        )
      ) : (
        <>
          <dl className={facts}>
            <div>
              <dt>وضعیت دولتی</dt>
              <dd>
                <StateClassBadge code={d.company.state_class} share={d.company.state_share} />
                {d.controlled_by_state && ' · تحت کنترل دولت'}
              </dd>
            </div>
            <div>
              <dt>سهم یکپارچه دولت</dt>
              <dd>
                {d.company.state_class === 'state'
                  ? 'نهاد دولتی'
                  : d.company.state_share === null
                    ? 'محاسبه‌پذیر نیست'
                    : formatPercent(d.company.state_share, 4)}
              </dd>
            </div>
            <div>
              <dt>کنترل‌کنندهٔ نهایی (آستانه {formatPercent(d.threshold)})</dt>
              <dd>
                <Controller c={d.controller} threshold={d.threshold} />
              </dd>
            </div>
          </dl>
          {d.data_issues.map((issue) => (
            <p
              key={`${issue.kind}-${issue.nodes.map((n) => n.key).join('-')}`}
              role="note"
              className={noteCss}
            >
              خطای داده: {issue.message} ({issue.nodes.map((n) => n.name).join('، ')})
            </p>
          ))}
          <div className={scrollCss}>
            <table className={tableCss}>
              <caption>
                {toPersianDigits(d.holders.length)} سهامدار مستقیم و غیرمستقیم، به ترتیب سهم یکپارچه
              </caption>
              <thead>
                <tr>
                  <th>سهامدار</th>
                  <th>نوع</th>
                  <th className="num">مستقیم</th>
                  <th className="num">یکپارچه</th>
                  <th className="num">غیرمستقیم اظهارشده</th>
                  <th>زنجیره‌ها</th>
                </tr>
              </thead>
              <tbody>
                {d.holders.map((h) => (
                  <HolderRow key={h.holder.key} h={h} company={d.company.key} asOf={d.as_of} />
                ))}
              </tbody>
            </table>
          </div>
          <p className={noteCss}>
            سهم یکپارچه: جمع حاصل‌ضرب سهم‌ها روی همهٔ زنجیره‌های مالکیت تا این شرکت؛ در سهامداری متقابل، سهامی که
            دارنده از راه چرخه در خودش دارد یک بار شمرده می‌شود (ویتالی و همکاران، ۲۰۱۱).
          </p>
        </>
      )}
    </section>
  );
}
