import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { AUDITOR_OPINION_LABELS_FA, type StatementDetail } from '~/contract/financial-statements.ts';
import {
  type ChartItem,
  STATEMENT_KIND_LABELS_FA,
  STATEMENT_KINDS,
  type StatementKind,
} from '~/domain/finance/chart.ts';
import { ENTRY_STATE_LABELS_FA } from '~/domain/finance/statement-entry.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { EMPTY, formatDate, formatDateTime, formatNumber, formatPercent } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { ViewSwitch } from '~/ui/view-switch.tsx';
import { statementQuery } from './api.ts';
import { EntryStateBadge, OriginBadge, periodLabel } from './badges.tsx';
import { StatementEntryForm } from './statement-entry-form.tsx';
import { StatementMoves } from './statement-moves.tsx';

/**
 * /performance/financial-statement/view/{id}: one statement beside the company's other statements
 * of the same period length (one column a year, oldest first, this one marked), as figures, as the
 * change on the year before, or common-size (balance-sheet items as a share of total assets, the
 * others of revenue): keys 1, 2 and 3 switch. A failed check is shown on its cell and listed with
 * its message; the entry moves (who, when, note) below, and the moves the role may make now as
 * buttons.
 */

type Mode = 'amounts' | 'change' | 'common';
const MODES: { id: Mode; title: string; key: string }[] = [
  { id: 'amounts', title: 'ارقام', key: 'Digit1' },
  { id: 'change', title: 'تغییر نسبت به سال قبل', key: 'Digit2' },
  { id: 'common', title: 'درصد از جمع', key: 'Digit3' },
];

/** The base a common-size figure divides by: total assets on the balance sheet, revenue elsewhere. */
const COMMON_BASE: Record<StatementKind, string | null> = {
  balance_sheet: 'total_assets',
  income_statement: 'revenue',
  cash_flows: 'revenue',
  other: null,
};

const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& th, & td': { px: '2', py: '1', borderBottom: '1px solid token(colors.line)', textAlign: 'start' },
  '& td.num, & th.num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& thead th': { color: 'muted', fontWeight: 500, position: 'sticky', top: 0, bg: 'surface' },
  '& .current': { bg: 'subtle' },
  '& .failed': { outline: '2px solid token(colors.danger)', outlineOffset: '-2px', color: 'danger' },
  '& tr.total td': { fontWeight: 600 },
  // The item's name stays in view while the years scroll sideways.
  '& tbody th, & thead th:first-child': {
    position: 'sticky',
    insetInlineStart: 0,
    bg: 'surface',
    minWidth: '16rem',
    zIndex: 1,
  },
});
const summary = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '5',
  fontSize: '13px',
  mb: '3',
  '& dt': { color: 'muted' },
  '& dd': { m: 0, fontWeight: 600 },
});
const sections = css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' });
const scroll = css({ overflowX: 'auto' });

function depthOf(chart: readonly ChartItem[], item: ChartItem): number {
  let depth = 0;
  let parent = item.parent;
  while (parent && depth < 6) {
    depth++;
    parent = chart.find((c) => c.code === parent)?.parent ?? null;
  }
  return depth;
}

function cellValue(mode: Mode, item: ChartItem, columns: StatementDetail['columns'], i: number): string {
  const v = columns[i]!.items[item.code];
  if (v === undefined) return EMPTY;
  if (mode === 'amounts') return formatNumber(v);
  if (mode === 'change') {
    const prev = i > 0 ? columns[i - 1]!.items[item.code] : undefined;
    if (prev === undefined || prev === 0 || columns[i - 1]!.fiscal_year !== columns[i]!.fiscal_year - 1)
      return EMPTY;
    return formatPercent((v - prev) / Math.abs(prev), 1);
  }
  const baseCode = COMMON_BASE[item.statementKind];
  const base = baseCode ? columns[i]!.items[baseCode] : undefined;
  if (item.unit === 'count' || base === undefined || base === 0) return EMPTY;
  return formatPercent(v / base, 1);
}

export function StatementViewScreen() {
  const { id: raw } = useParams({ from: '/performance/financial-statement/view/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(statementQuery(id));
  const forbidden = useForbiddenAnswer(query.error);
  const [mode, setMode] = useState<Mode>('amounts');
  const [editing, setEditing] = useState(false);
  const canEdit = query.data?.allowed_moves.includes('SAVE_DRAFT') === true;
  const { entry } = useSearch({ from: '/performance/financial-statement/view/$id' });
  const navigate = useNavigate({ from: '/performance/financial-statement/view/$id' });
  useEffect(() => {
    // Asked for by the address (a statement just started): open the entry form once, then drop the ask.
    if (entry && canEdit) {
      setEditing(true);
      void navigate({ search: {}, replace: true });
    }
  }, [entry, canEdit, navigate]);
  useShortcuts(
    {
      ...Object.fromEntries(MODES.map((m) => [m.key, () => setMode(m.id)])),
      KeyE: () => canEdit && setEditing(true),
    },
    !editing,
  );
  const list = { to: '/performance/financial-statement/list', label: 'صورت‌های مالی' };
  const d = query.data;
  // This statement's year in view, however many years the company has.
  const shownId = d?.statement.id;
  useEffect(() => {
    if (shownId === undefined) return;
    for (const th of document.querySelectorAll<HTMLElement>('[data-years] thead th.current')) {
      const box = th.closest('[data-years]');
      if (!box) continue;
      const [a, b] = [th.getBoundingClientRect(), box.getBoundingClientRect()];
      box.scrollBy({ left: a.left + a.width / 2 - (b.left + b.width / 2) });
    }
  }, [shownId]);
  if (!d) {
    return (
      <>
        <PageHeader
          title="صورت مالی"
          parent={list}
          description={
            query.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : query.error instanceof ApiError && query.error.status === 404
                  ? 'این صورت مالی پیدا نشد.'
                  : 'صورت مالی بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {query.isPending && <SkeletonRows rows={10} columns={6} />}
      </>
    );
  }
  const s = d.statement;
  const failed = new Map<string, string>();
  for (const c of d.checks)
    if (c.status === 'failed' && c.severity === 'error' && c.items[0]) failed.set(c.items[0], c.messageFa);
  const currentIndex = d.columns.findIndex((c) => c.id === s.id);
  const title = `${d.company.name}، سال مالی ${toPersianDigits(s.fiscal_year)} (${periodLabel(s.period_months)})`;
  const problems = d.checks.filter((c) => c.status === 'failed');
  return (
    <>
      <PageHeader
        title={title}
        parent={list}
        description={
          <Link to="/person/legal-persons/view/$id" params={{ id: String(d.company.id) }}>
            نمایش {d.company.name}
          </Link>
        }
        actions={
          <>
            {canEdit && !editing && (
              <Button tone="primary" shortcut="KeyE" onClick={() => setEditing(true)}>
                ورود ارقام
              </Button>
            )}
            {!editing && <StatementMoves detail={d} />}
          </>
        }
      />
      <div className={sections}>
        <Card title="مشخصات">
          <dl className={summary}>
            <div>
              <dt>وضعیت ورود</dt>
              <dd>
                <EntryStateBadge state={s.entry_state} />
              </dd>
            </div>
            <div>
              <dt>منبع</dt>
              <dd>
                <OriginBadge origin={s.origin} />
              </dd>
            </div>
            <div>
              <dt>پایان دوره</dt>
              <dd>{formatDate(s.period_end)}</dd>
            </div>
            <div>
              <dt>مهلت ارسال</dt>
              <dd>{formatDate(s.due_date)}</dd>
            </div>
            <div>
              <dt>تاریخ ارسال</dt>
              <dd>
                {s.filed_at ? formatDate(s.filed_at) : EMPTY}{' '}
                {s.late && <Badge tone="warning">با تأخیر</Badge>}
              </dd>
            </div>
            <div>
              <dt>حسابرسی</dt>
              <dd>
                {s.audited
                  ? `حسابرسی‌شده${s.auditor_opinion ? `، ${AUDITOR_OPINION_LABELS_FA[s.auditor_opinion]}` : ''}`
                  : 'حسابرسی‌نشده'}
              </dd>
            </div>
            <div>
              <dt>کنترل‌ها</dt>
              <dd>{s.checks_passed ? 'سازگار' : <Badge tone="danger">ناسازگار</Badge>}</dd>
            </div>
            {s.article_141 && (
              <div>
                <dt>ماده ۱۴۱</dt>
                <dd>
                  <Badge tone="danger">مشمول</Badge>
                </dd>
              </div>
            )}
          </dl>
          {s.source_note && <p className={css({ fontSize: '12px', color: 'muted' })}>{s.source_note}</p>}
        </Card>
        {editing ? (
          <Card title="ورود ارقام (میلیون ریال)">
            <StatementEntryForm detail={d} onClose={() => setEditing(false)} />
          </Card>
        ) : (
          <Card title="اقلام صورت‌های مالی (میلیون ریال)">
            <ViewSwitch
              label="نمایش ارقام"
              views={MODES}
              value={mode}
              onChange={setMode}
              className={css({ mb: '3' })}
            />
            {STATEMENT_KINDS.map((kind) => {
              const items = d.chart.filter(
                (c) => c.statementKind === kind && (c.active || d.columns.some((col) => c.code in col.items)),
              );
              if (items.length === 0) return null;
              return (
                <section key={kind} aria-labelledby={`kind-${kind}`}>
                  <h3 id={`kind-${kind}`} className={css({ fontWeight: 600, fontSize: '14px', py: '2' })}>
                    {STATEMENT_KIND_LABELS_FA[kind]}
                  </h3>
                  <div className={scroll} data-years>
                    <table className={table} aria-labelledby={`kind-${kind}`}>
                      <thead>
                        <tr>
                          <th scope="col">قلم</th>
                          {d.columns.map((c, i) => (
                            <th
                              key={c.id}
                              scope="col"
                              className={cx('num', i === currentIndex && 'current')}
                              title={ENTRY_STATE_LABELS_FA[c.entry_state]}
                            >
                              {i === currentIndex ? (
                                toPersianDigits(c.fiscal_year)
                              ) : (
                                <Link
                                  to="/performance/financial-statement/view/$id"
                                  params={{ id: String(c.id) }}
                                >
                                  {toPersianDigits(c.fiscal_year)}
                                </Link>
                              )}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {items.map((item) => (
                          <tr key={item.code} className={item.isTotal || !item.parent ? 'total' : undefined}>
                            <th
                              scope="row"
                              style={{ paddingInlineStart: `${0.5 + depthOf(d.chart, item) * 1.25}rem` }}
                            >
                              {item.nameFa}
                              {item.unit === 'count' && ' (نفر)'}
                            </th>
                            {d.columns.map((c, i) => {
                              const problem = i === currentIndex ? failed.get(item.code) : undefined;
                              return (
                                <td
                                  key={c.id}
                                  className={cx('num', i === currentIndex && 'current', problem && 'failed')}
                                  title={problem}
                                  aria-invalid={problem ? true : undefined}
                                >
                                  {cellValue(mode, item, d.columns, i)}
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </section>
              );
            })}
          </Card>
        )}
        <Card title="کنترل‌های سازگاری">
          {problems.length === 0 ? (
            <p>همه کنترل‌هایی که اقلام لازمشان در دست بود برقرارند.</p>
          ) : (
            <ul>
              {problems.map((c) => (
                <li key={c.id}>
                  <Badge tone={c.severity === 'error' ? 'danger' : 'warning'}>
                    {c.severity === 'error' ? 'خطا' : 'هشدار'}
                  </Badge>{' '}
                  {c.messageFa}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="گردش وضعیت">
          {d.moves.length === 0 ? (
            <p>هنوز اقدامی ثبت نشده است.</p>
          ) : (
            <div className={scroll}>
              <table className={table}>
                <thead>
                  <tr>
                    <th scope="col">از</th>
                    <th scope="col">به</th>
                    <th scope="col">کاربر</th>
                    <th scope="col">زمان</th>
                    <th scope="col">یادداشت</th>
                  </tr>
                </thead>
                <tbody>
                  {d.moves.map((m, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, its order is its identity
                    <tr key={i}>
                      <td>{ENTRY_STATE_LABELS_FA[m.from]}</td>
                      <td>{ENTRY_STATE_LABELS_FA[m.to]}</td>
                      <td>{m.by_name ?? EMPTY}</td>
                      <td>{formatDateTime(m.at)}</td>
                      <td>{m.note ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
