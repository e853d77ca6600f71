import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import type { OwnershipSearch } from '~/lib/ownership-search.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { AsOfBar } from '~/ui/as-of-bar.tsx';
import { EMPTY, formatPercent } from '~/ui/format.ts';
import { OwnershipGraph } from '~/ui/ownership-graph/ownership-graph.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { type GraphDirection, graphInterlocksQuery, graphQuery } from './api.ts';
import { collapse, expand, more, openOf, tiesOf, toView } from './graph-model.ts';

/**
 * /person/legal-persons/shareholder-graph/{id} (direction up: the company's owners, up to the
 * ultimate controllers) and /person/legal-persons/graph/{id} (down: its subsidiaries), one
 * screen given the direction (issue 17). The graph (ui/ownership-graph) and the list beside it
 * come from the same answer, so they always count the same nodes; a node with more links than
 * it shows says how many more, and M (or its button) shows the next page of them. + and −
 * open and close a node's next level. The date, the control threshold and ended holdings are in
 * the URL. For a role that may view legal persons (whose boards they are), the interlocks among
 * the graph's companies are drawn on it (I shows and hides them) and listed beside it.
 */

export type GraphSearch = OwnershipSearch & { ended?: boolean };

const TITLES: Record<GraphDirection, string> = { up: 'نمودار سهامداران', down: 'نمودار شرکت‌های زیرمجموعه' };

const page = css({
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr)',
  h: '100%',
  minH: 0,
});
const top = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'end',
  px: '3',
  pt: '2',
  borderBottom: '1px solid token(colors.line)',
  '& h1': { fontSize: '16px', fontWeight: 600, m: 0, alignSelf: 'center' },
});
const body = css({
  display: 'grid',
  minH: 0,
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'minmax(420px, 1fr) auto',
  lg: { gridTemplateColumns: 'minmax(0, 1fr) 340px', gridTemplateRows: 'minmax(0, 1fr)' },
});
const aside = css({
  overflowY: 'auto',
  borderTop: '1px solid token(colors.line)',
  lg: { borderTop: 'none', borderInlineStart: '1px solid token(colors.line)' },
  p: '2',
  fontSize: '13px',
  '& table': { width: '100%', borderCollapse: 'collapse' },
  '& th, & td': { py: '1', px: '1', borderBottom: '1px solid token(colors.line)', textAlign: 'start' },
  '& td.num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& caption': { textAlign: 'start', color: 'muted', pb: '1' },
});
const note = css({ color: 'muted', fontSize: '12px', m: 0 });

function recordPath(key: string) {
  const id = key.slice(1);
  return key[0] === 'L' ? `/person/legal-persons/view/${id}` : `/person/true-persons/view/${id}`;
}

export function GraphScreen({
  id,
  direction,
  search,
}: {
  id: number;
  direction: GraphDirection;
  search: GraphSearch;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Map<string, number> | null>(null);
  // a new company, direction or date starts from the server's first levels again
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys that reset the view
  useEffect(() => setOpen(null), [id, direction, search.as_of]);
  const query = useQuery(graphQuery(id, direction, search, open));
  const mayViewBoards = useMemo(() => sessionHolds(readSession(), 'person.legal.view'), []);
  const interlocks = useQuery({
    ...graphInterlocksQuery(id, direction, search, open),
    enabled: mayViewBoards,
  });
  const forbidden = useForbiddenAnswer(query.error);
  const g = query.data;
  const view = useMemo(() => (g ? toView(g) : null), [g]);
  const ties = useMemo(
    () =>
      g && interlocks.data
        ? tiesOf(
            interlocks.data,
            g.nodes.map((n) => n.key),
          )
        : undefined,
    [g, interlocks.data],
  );
  const root = g?.root ?? `L${id}`;
  const current = () => open ?? (g ? openOf(g) : new Map<string, number>());
  const setSearch = (next: Partial<GraphSearch>) =>
    void navigate({ to: '.', search: (prev: GraphSearch) => ({ ...prev, ...next }), replace: true } as never);

  const company = g?.nodes.find((n) => n.key === root);
  const title = company ? `${TITLES[direction]}: ${company.name}` : TITLES[direction];
  const other = direction === 'up' ? 'graph' : 'shareholder-graph';
  return (
    <div className={page}>
      <div className={top}>
        <h1>{title}</h1>
        <AsOfBar
          value={search}
          onChange={(next) => setSearch({ as_of: next.as_of, threshold: next.threshold })}
        >
          <label
            className={css({ display: 'flex', gap: '1', alignItems: 'center', fontSize: '13px', minW: 0 })}
          >
            <input
              type="checkbox"
              checked={search.ended ?? false}
              onChange={(e) => setSearch({ ended: e.target.checked || undefined })}
            />
            سهامداری‌های پایان‌یافته
          </label>
          <Link
            to={`/person/legal-persons/${other}/$id` as never}
            params={{ id: String(id) } as never}
            search={search as never}
          >
            {TITLES[direction === 'up' ? 'down' : 'up']}
          </Link>
          <Link to="/person/shareholder/$legalId" params={{ legalId: String(id) }} search={search}>
            سهامداران مستقیم و یکپارچه
          </Link>
        </AsOfBar>
      </div>
      {!g || !view ? (
        <div className={css({ p: '3' })}>
          {query.isPending ? (
            <SkeletonRows rows={6} columns={3} />
          ) : (
            <p className={note}>
              {forbidden
                ? GOING_BACK
                : query.error instanceof ApiError && query.error.status === 404
                  ? 'این شخص حقوقی پیدا نشد.'
                  : 'نمودار بارگیری نشد؛ صفحه را دوباره باز کنید.'}
            </p>
          )}
        </div>
      ) : (
        <div className={body}>
          <OwnershipGraph
            nodes={view.nodes}
            edges={view.edges}
            direction={direction}
            label={title}
            initialFocus={root}
            exportName={`${direction === 'up' ? 'shareholders' : 'subsidiaries'}-${id}`}
            onOpen={(key) => void navigate({ to: recordPath(key) as never })}
            onExpand={(key) => setOpen(expand(current(), key))}
            onCollapse={(key) => setOpen(collapse(current(), key, root))}
            onMore={(key) => setOpen(more(current(), key))}
            ties={ties}
          />
          <aside className={aside} aria-label="فهرست گره‌های نمودار">
            {g.controller && (
              <p className={note}>
                کنترل‌کنندهٔ نهایی:{' '}
                {g.controller.kind === 'controller'
                  ? `${g.controller.controller.name} (${formatPercent(g.controller.share)})`
                  : g.controller.kind === 'tie'
                    ? 'هم‌ترازی'
                    : 'ندارد'}
              </p>
            )}
            {g.data_issues.map((issue) => (
              <p
                key={`${issue.kind}-${issue.nodes.map((n) => n.key).join('-')}`}
                className={note}
                role="note"
              >
                خطای داده: {issue.message}
              </p>
            ))}
            <table>
              <caption>
                {toPersianDigits(g.nodes.length)} گره، {toPersianDigits(g.edges.length)} پیوند
              </caption>
              <thead>
                <tr>
                  <th>نام</th>
                  <th className="num">{direction === 'up' ? 'سهم یکپارچه' : 'در اختیار'}</th>
                  <th className="num">پیوندها</th>
                </tr>
              </thead>
              <tbody>
                {g.nodes.map((n) => (
                  <tr key={n.key}>
                    <td>
                      <Link to={recordPath(n.key) as never}>{n.name}</Link>{' '}
                      {n.type === 'legal' && <StateClassBadge code={n.state_class} />}
                    </td>
                    <td className="num">
                      {n.key === root
                        ? EMPTY
                        : n.integrated === null
                          ? 'نامعلوم'
                          : formatPercent(n.integrated)}
                    </td>
                    <td className="num">
                      {n.links_total === 0
                        ? EMPTY
                        : `${toPersianDigits(n.links_shown)} از ${toPersianDigits(n.links_total)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ties && (
              <section aria-label="هم‌پیوندی‌ها" className={css({ mt: '3' })}>
                <h2 className={css({ fontSize: '13px', fontWeight: 600, m: 0, mb: '1' })}>
                  هم‌پیوندی‌ها ({toPersianDigits(ties.length)})
                </h2>
                {ties.length === 0 ? (
                  <p className={note}>میان شرکت‌های این نمودار هم‌پیوندی‌ای نیست.</p>
                ) : (
                  <ul className={css({ m: 0, ps: '4', '& li': { py: '0.5' } })}>
                    {ties.map((tie) => (
                      <li key={tie.id} data-tie-row={tie.kind}>
                        {tie.title}
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/person/board-interlocks" className={css({ fontSize: '12px' })}>
                  همهٔ هم‌پیوندی‌های سبد
                </Link>
              </section>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
