import { type ReactNode, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { Kbd } from '~/ui/kbd.tsx';
import { isTypingTarget } from '~/ui/shortcuts.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { type RecordSectionKey, useRecordCommands } from './commands.ts';

/** The pieces of a record view (legal or true person): sections, definition lists, placeholders. */

const sectionCss = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  scrollMarginTop: '64px',
});
// The title (and its count) first; the actions after it, on the same line when there is room,
// else together on the lines below, each link whole.
const sectionHead = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '1',
  minHeight: '40px',
  px: '4',
  py: '1.5',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  '& h2': { m: 0, fontSize: '14px', fontWeight: 600, outline: 'none', borderRadius: '2px' },
  '& h2:focus-visible': { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '2px' },
  '& [data-count]': { color: 'muted', fontSize: '13px', fontWeight: 400 },
  '& a': { whiteSpace: 'nowrap' },
});
const sectionTitle = css({ display: 'inline-flex', alignItems: 'baseline', gap: '2' });
// The actions wrap among themselves (a row of links); the section's key stays beside them.
const sectionActions = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '2',
  minWidth: 0,
  marginInlineStart: 'auto',
});
const sectionBody = css({ '&[data-padded]': { p: '4' } });

export interface RecordSectionProps {
  /** Element id; also the section's anchor. */
  id: string;
  title: string;
  /** Its key (Digit1 ...), shown beside the heading. */
  shortcut?: string;
  /** A count beside the title ("۱۲ سهامدار"). */
  count?: ReactNode;
  /** Padding for text content; tables run to the edges. */
  padded?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled region of a record (a landmark: `section` named by its heading). */
export function RecordSection({ id, title, shortcut, count, padded, actions, children }: RecordSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={sectionCss}>
      <header className={sectionHead}>
        <div className={sectionTitle}>
          <h2 id={`${id}-title`} tabIndex={-1}>
            {title}
          </h2>
          {count !== undefined && <span data-count="">{count}</span>}
        </div>
        <div className={sectionActions}>
          {actions}
          {shortcut && <Kbd binding={shortcut} />}
        </div>
      </header>
      <div className={sectionBody} data-padded={padded ? '' : undefined}>
        {children}
      </div>
    </section>
  );
}

const dl = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '0',
  m: 0,
  fontSize: '13px',
  md: { gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)' },
  lg: {
    gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
  },
  '& dt, & dd': {
    py: '1.5',
    borderBottomWidth: '1px',
    borderBottomStyle: 'dashed',
    borderBottomColor: 'line',
    minHeight: '30px',
  },
  '& dt': { color: 'muted' },
  '& dd': { m: 0, color: 'ink', fontWeight: 500, overflowWrap: 'anywhere' },
  '& [data-numeric]': { fontVariantNumeric: 'tabular-nums' },
  '& a': { color: 'first.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } },
});

export interface Term {
  label: string;
  value: ReactNode;
  numeric?: boolean;
}

/** Label–value pairs, two to three pairs a line on wide screens. */
export function DefinitionList({ items }: { items: readonly Term[] }) {
  return (
    <dl className={dl}>
      {items.map((t) => (
        <div key={t.label} style={{ display: 'contents' }}>
          <dt>{t.label}</dt>
          <dd data-numeric={t.numeric ? '' : undefined}>{t.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** Grey blocks in the shape of a record while it loads. */
export function RecordSkeleton() {
  return (
    <div className={stack} role="status" aria-label="در حال بارگذاری">
      <Skeleton width="40%" />
      {[0, 1, 2].map((i) => (
        <div key={i} className={sectionCss} style={{ padding: 16, display: 'grid', gap: 12 }}>
          <Skeleton width="20%" />
          <Skeleton width="90%" />
          <Skeleton width="75%" />
          <Skeleton width="82%" />
        </div>
      ))}
    </div>
  );
}

export const recordStack = stack;

const keysLine = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  mb: '3',
  fontSize: '12px',
  color: 'muted',
  '& a': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    color: 'muted',
    textDecoration: 'none',
    _hover: { color: 'first.text' },
  },
});

export type { RecordSectionKey } from './commands.ts';

/** Brings a section into view and moves focus to its heading (screen readers read where they are). */
export function jumpToSection(id: string): void {
  const heading = document.getElementById(`${id}-title`);
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

/** A dialog or menu is open (one that is closing, `data-state=closed`, does not count). */
function overlayOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog], [role=menu]')].some(
    (el) => el.dataset.state !== 'closed' && el.checkVisibility(),
  );
}

/**
 * The keys of a record view: 1–9 jump to its sections; Backspace and Esc go back to the list
 * (before the page header's Esc, which would go to the plain list). Never while typing or with
 * a dialog open.
 */
export function useRecordKeys(
  group: string,
  sections: readonly RecordSectionKey[],
  onBack: () => void,
): void {
  const latest = useRef({ sections, onBack });
  latest.current = { sections, onBack };
  useRecordCommands(group, sections, jumpToSection, () => latest.current.onBack());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target)) return;
      if (overlayOpen()) return;
      if (e.code === 'Backspace' || (e.code === 'Escape' && !e.shiftKey)) {
        e.preventDefault();
        latest.current.onBack();
        return;
      }
      const hit = latest.current.sections.find((s) => s.key === e.code);
      if (hit && !e.shiftKey) {
        e.preventDefault();
        jumpToSection(hit.id);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** The sections by key: a small contents line that also works by click. */
export function SectionKeys({ sections, back }: { sections: readonly RecordSectionKey[]; back: string }) {
  return (
    <nav aria-label="بخش‌های این صفحه" className={keysLine}>
      {sections.map((s) => (
        <a
          key={s.id}
          href={`#${s.id}`}
          aria-keyshortcuts={s.key.replace('Digit', '')}
          onClick={(e) => {
            e.preventDefault();
            jumpToSection(s.id);
          }}
        >
          <Kbd binding={s.key} /> {s.title}
        </a>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Kbd binding="Backspace" /> {back}
      </span>
    </nav>
  );
}
