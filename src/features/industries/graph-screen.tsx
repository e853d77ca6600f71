import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { css } from 'styled-system/css';
import { INDUSTRY_GRAPH_EDGE_LIMIT } from '~/contract/industries.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { formatDate, formatNumber } from '~/ui/format.ts';
import { countLine } from '~/ui/ownership-graph/announce.ts';
import { OwnershipGraph } from '~/ui/ownership-graph/ownership-graph.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { graphQuery } from './api.ts';
import { toView } from './graph-model.ts';

const body = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'minmax(440px, 70dvh) auto',
  lg: {
    gridTemplateColumns: 'minmax(0, 1fr) 320px',
    gridTemplateRows: 'minmax(480px, calc(100dvh - 220px))',
  },
});
const aside = css({
  overflowY: 'auto',
  minH: 0,
  fontSize: '13px',
  border: '1px solid token(colors.line)',
  borderRadius: '6px',
  p: '2',
  '& table': { width: '100%', borderCollapse: 'collapse' },
  '& th, & td': { py: '1', px: '1', borderBottom: '1px solid token(colors.line)', textAlign: 'start' },
  '& td.num, & th.num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& caption': { textAlign: 'start', color: 'muted', pb: '1', fontWeight: 600 },
  '& a': { color: 'first.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } },
});
const note = css({ color: 'muted', fontSize: '12px', m: '0', mb: '2' });
const empty = css({
  p: '4',
  border: '1px dashed token(colors.line.strong)',
  borderRadius: '6px',
  color: 'muted',
});

const companyPath = (key: string) => `/person/legal-persons/view/${key.slice(1)}`;

/**
 * /industries/graph/{id}: the ownership network inside one industry group: its companies joined
 * by the direct holdings valid today between two of them, in the shared graph view
 * (ui/ownership-graph; Enter opens a company), with the same nodes listed beside it under the same
 * count. The group's companies with no holding inside it are counted, not drawn; a network larger
 * than the answer's limit says how many holdings were left out. V opens the group's status.
 */
export function GraphScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useQuery(graphQuery(id));
  const forbidden = useForbiddenAnswer(query.error);
  const g = query.data;
  const view = useMemo(() => (g ? toView(g) : null), [g]);
  const toStatus = useCallback(
    () => void navigate({ to: '/industries/status/$id', params: { id: String(id) } }),
    [navigate, id],
  );
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'industries.status',
        title: 'وضعیت صنعت',
        keywords: ['status', 'industry', 'وضعیت'],
        shortcut: 'KeyV',
        group: 'صنایع',
        run: toStatus,
      },
    ],
    [toStatus],
  );
  useRegisterCommands(commands);

  const holders = useMemo(() => {
    const out = new Map<string, { holders: number; holdings: number }>();
    for (const e of g?.edges ?? []) {
      const h = out.get(e.holder) ?? { holders: 0, holdings: 0 };
      const c = out.get(e.company) ?? { holders: 0, holdings: 0 };
      h.holdings++;
      c.holders++;
      out.set(e.holder, h);
      out.set(e.company, c);
    }
    return out;
  }, [g]);

  if (!g || !view)
    return (
      <>
        <PageHeader
          description={
            query.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : query.error instanceof ApiError && query.error.status === 404
                  ? 'این گروه صنعت پیدا نشد؛ با Esc به فهرست صنایع بازگردید.'
                  : 'نمودار بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {query.isPending && <SkeletonRows rows={6} columns={3} />}
      </>
    );

  const title = `نمودار مالکیت صنعت: ${g.industry.name}`;
  return (
    <>
      <PageHeader
        title={title}
        description={`سهامداری‌های مستقیم معتبر در ${formatDate(g.as_of)} میان شرکت‌های این گروه؛ رنگ و برچسب هر گره وضعیت دولتی آن است.`}
        actions={
          <Button shortcut="KeyV" onClick={toStatus}>
            وضعیت صنعت
          </Button>
        }
      />
      {g.edges.length === 0 ? (
        <p className={empty}>
          هیچ‌یک از {formatNumber(g.companies)} شرکت این گروه امروز سهامدار مستقیم شرکت دیگری از همین گروه
          نیست؛ نموداری برای کشیدن نیست. فهرست شرکت‌ها در{' '}
          <Link to="/industries/status/$id" params={{ id: String(id) }}>
            وضعیت صنعت
          </Link>{' '}
          است (کلید V).
        </p>
      ) : (
        <div className={body}>
          <OwnershipGraph
            nodes={view.nodes}
            edges={view.edges}
            direction="down"
            label={title}
            exportName={`industry-${g.industry.code}-ownership`}
            onOpen={(key) => void navigate({ to: companyPath(key) as never })}
            // every holding of the answer is drawn: nothing to expand, collapse or page
            onExpand={() => {}}
            onCollapse={() => {}}
            onMore={() => {}}
          />
          <aside className={aside} aria-label="فهرست شرکت‌های نمودار">
            {g.truncated && (
              <p className={note} role="note">
                این گروه {formatNumber(g.edges_total)} پیوند سهامداری درونی دارد؛ تنها{' '}
                {formatNumber(INDUSTRY_GRAPH_EDGE_LIMIT)} پیوند با بزرگ‌ترین سهم کشیده شده است و{' '}
                {formatNumber(g.linked - g.nodes.length)} شرکت دیگرِ دارای پیوند در نمودار نیست.
              </p>
            )}
            {g.unlinked > 0 && (
              <p className={note}>
                {formatNumber(g.unlinked)} شرکت دیگر از {formatNumber(g.companies)} شرکت این گروه با شرکت‌های
                هم‌گروه پیوند سهامداری ندارند و در نمودار نیامده‌اند.
              </p>
            )}
            <table>
              <caption>{countLine(view.nodes.length, view.edges.length)}</caption>
              <thead>
                <tr>
                  <th scope="col">شرکت</th>
                  <th scope="col" className="num" title="سهامداران این شرکت از همین گروه">
                    سهامدار
                  </th>
                  <th scope="col" className="num" title="شرکت‌های همین گروه که این شرکت سهامدار آن است">
                    سرمایه‌گذاری
                  </th>
                </tr>
              </thead>
              <tbody>
                {g.nodes.map((n) => (
                  <tr key={n.key}>
                    <td>
                      <Link to={companyPath(n.key) as never}>{n.name}</Link>{' '}
                      <StateClassBadge code={n.state_class} share={n.state_share} />
                    </td>
                    <td className="num">{formatNumber(holders.get(n.key)?.holders ?? 0)}</td>
                    <td className="num">{formatNumber(holders.get(n.key)?.holdings ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </aside>
        </div>
      )}
    </>
  );
}
