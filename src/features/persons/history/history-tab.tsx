import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { HistoryEntry } from '~/contract/person-forms.ts';
import { api } from '~/lib/http.ts';
import { fetchIndustryOptions, personKeys } from '~/lib/records.ts';
import { Badge, type BadgeProps } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { formatDateTime, formatNumber, formatRelative } from '~/ui/format.ts';
import { Kbd } from '~/ui/kbd.tsx';
import { jumpToSection, type RecordSectionKey } from '~/ui/record/record-parts.tsx';
import { isTypingTarget } from '~/ui/shortcuts.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { dialogOnScreen } from '~/ui/when-no-dialog.ts';
import { ACTION_LABELS, ENTITY_LABELS, fieldLabel, shownChanges, valueText } from './format.ts';

/**
 * A record view's two tabs: the record itself and its change history
 * (GET /api/logs/view-entity/{id}/{type}, loaded when the tab is first opened). H opens the
 * history; a section key (1–9) comes back to the record and its section.
 */

type Kind = 'legal' | 'true';
const TYPE: Record<Kind, string> = { legal: 'legal_person', true: 'true_person' };

export const historyQuery = (kind: Kind, id: number) => ({
  queryKey: ['history', kind, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<HistoryEntry[]>(`/api/logs/view-entity/${id}/${TYPE[kind]}`, { signal, quiet: true }),
});

const tabList = css({
  display: 'flex',
  gap: '1',
  mb: '3',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
const tabCss = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '36px',
  px: '3',
  fontSize: '14px',
  bg: 'transparent',
  color: 'muted',
  border: 'none',
  borderBottomWidth: '2px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'transparent',
  cursor: 'pointer',
  mb: '-1px',
  '&[aria-selected=true]': { color: 'ink', fontWeight: 600, borderBottomColor: 'first' },
});
const listCss = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '3' });
const entryCss = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  fontSize: '13px',
});
const entryHead = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  '& time': { color: 'muted', fontVariantNumeric: 'tabular-nums', marginInlineStart: 'auto' },
});
const changesCss = css({
  w: '100%',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', px: '3', py: '1.5', verticalAlign: 'top' },
  '& th': { color: 'muted', fontWeight: 500, fontSize: '12px' },
  '& tbody th': { color: 'ink', fontSize: '13px', w: '14rem' },
  '& tr + tr > *': { borderTopWidth: '1px', borderTopStyle: 'dashed', borderTopColor: 'line' },
  '& del': { color: 'danger', textDecoration: 'line-through' },
  '& ins': { color: 'success', textDecoration: 'none', fontWeight: 500 },
});

const ACTION_TONES: Record<string, BadgeProps['tone']> = {
  create: 'success',
  update: 'first',
  delete: 'danger',
};

function Entry({ entry, names }: { entry: HistoryEntry; names: Record<string, string> }) {
  const changes = shownChanges(entry.changes);
  const action = ACTION_LABELS[entry.action] ?? entry.action;
  const entity = ENTITY_LABELS[entry.entity] ?? entry.entity;
  return (
    <li className={entryCss} data-history-entry="">
      <div className={entryHead}>
        <Badge tone={ACTION_TONES[entry.action] ?? 'neutral'}>{action}</Badge>
        <span>{entity}</span>
        <span>· {entry.user?.name ?? 'سامانه'}</span>
        <time dateTime={entry.at} title={formatRelative(entry.at)}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      {changes.length > 0 ? (
        <table className={changesCss}>
          <caption className={css({ srOnly: true })}>
            {`${action} ${entity}، ${formatDateTime(entry.at)}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">فیلد</th>
              <th scope="col">پیش از تغییر</th>
              <th scope="col">پس از تغییر</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{fieldLabel(entry.entity, c.field)}</th>
                <td>
                  <del>{valueText(c.field, c.before, names)}</del>
                </td>
                <td>
                  ← <ins>{valueText(c.field, c.after, names)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={css({ m: 0, px: '3', py: '2', color: 'muted' })}>بدون تغییر فیلدی</p>
      )}
    </li>
  );
}

/** Every audited change of the record, newest first. */
export function HistoryList({ kind, id }: { kind: Kind; id: number }) {
  const history = useQuery(historyQuery(kind, id));
  const industries = useQuery({
    queryKey: personKeys.industries,
    queryFn: fetchIndustryOptions,
    staleTime: 600_000,
  });
  const names = Object.fromEntries((industries.data ?? []).map((o) => [String(o.value), o.label]));
  if (history.isPending)
    return (
      <div role="status" aria-label="در حال بارگذاری تاریخچه" className={css({ display: 'grid', gap: '3' })}>
        <Skeleton width="60%" />
        <Skeleton width="80%" />
        <Skeleton width="70%" />
      </div>
    );
  if (history.isError)
    return (
      <EmptyState
        title="تاریخچه بارگیری نشد"
        action={<Button onClick={() => void history.refetch()}>دوباره تلاش کنید</Button>}
      >
        {history.error.message}
      </EmptyState>
    );
  if (!history.data.length) return <EmptyState title="تغییری برای این رکورد ثبت نشده است" />;
  return (
    <>
      <p className={css({ m: 0, mb: '2', color: 'muted', fontSize: '12px' })}>
        {formatNumber(history.data.length)} تغییر، از تازه‌ترین
      </p>
      <ol className={listCss} aria-label="تاریخچه تغییرات">
        {history.data.map((e) => (
          <Entry key={e.id} entry={e} names={names} />
        ))}
      </ol>
    </>
  );
}

/** Calls `then` once an element with id `id` is on the page (up to 5 s); answers a cancel. */
function whenPresent(id: string, then: () => void): () => void {
  let frame = 0;
  const started = performance.now();
  const look = () => {
    if (document.getElementById(id)) then();
    else if (performance.now() - started < 5000) frame = requestAnimationFrame(look);
  };
  look();
  return () => cancelAnimationFrame(frame);
}

/**
 * The record and history tabs around a record view's content. The URL's hash opens a tab or
 * a section: `#history`, or a section id such as `#board`.
 */
export function RecordTabs({
  kind,
  id,
  sections,
  children,
}: {
  kind: Kind;
  id: number;
  sections: readonly RecordSectionKey[];
  children: ReactNode;
}) {
  const base = useId();
  const hash = useLocation({ select: (l) => l.hash });
  const [tab, setTab] = useState<'record' | 'history'>(hash === 'history' ? 'history' : 'record');
  const latest = useRef({ tab, sections });
  latest.current = { tab, sections };
  // Opened from a link or the palette: `#history` shows the history, `#<section>` the record
  // at that section (once its content is on the page).
  useEffect(() => {
    if (!hash) return;
    if (hash === 'history') {
      setTab('history');
      return;
    }
    if (!/^[a-z][a-z0-9-]*$/.test(hash)) return;
    setTab('record');
    return whenPresent(hash, () => jumpToSection(hash));
  }, [hash]);
  const tabs = [
    { id: 'record' as const, title: 'پرونده' },
    { id: 'history' as const, title: 'تاریخچه تغییرات', key: 'KeyH' },
  ];
  const select = (next: 'record' | 'history', focus = false) => {
    setTab(next);
    if (focus) requestAnimationFrame(() => document.getElementById(`${base}-${next}-tab`)?.focus());
  };
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      if (isTypingTarget(e.target) || dialogOnScreen()) return;
      if (e.code === 'KeyH') {
        e.preventDefault();
        setTab('history');
        return;
      }
      const hit = latest.current.sections.find((s) => s.key === e.code);
      if (hit && latest.current.tab === 'history') {
        setTab('record');
        requestAnimationFrame(() => jumpToSection(hit.id));
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const onTabKey = (e: KeyboardEvent) => {
    // Right to left: → goes to the previous tab, ← to the next; two tabs, so either flips.
    if (e.code === 'ArrowLeft' || e.code === 'ArrowRight') {
      e.preventDefault();
      select(tab === 'record' ? 'history' : 'record', true);
    }
  };
  return (
    <>
      <div role="tablist" aria-label="بخش‌های رکورد" className={tabList}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tabCss}
            onClick={() => select(t.id)}
            onKeyDown={onTabKey}
            aria-keyshortcuts={t.key ? 'H' : undefined}
          >
            {t.title}
            {t.key && <Kbd binding={t.key} />}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-record-panel`}
        aria-labelledby={`${base}-record-tab`}
        hidden={tab !== 'record'}
      >
        {children}
      </div>
      <div
        role="tabpanel"
        id={`${base}-history-panel`}
        aria-labelledby={`${base}-history-tab`}
        hidden={tab !== 'history'}
      >
        {tab === 'history' && <HistoryList kind={kind} id={id} />}
      </div>
    </>
  );
}
