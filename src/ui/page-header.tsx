import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Fragment, type ReactNode, useEffect } from 'react';
import { css } from 'styled-system/css';
import { type Crumb, crumbsFor, type ParentPage, parentCrumb } from '~/lib/breadcrumbs.ts';
import { setTitleOverride } from '~/lib/page-title.ts';
import { useShortcuts } from './use-shortcuts.ts';

const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '3',
  mb: '4',
});
const crumbsCss = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '1',
  fontSize: '12px',
  color: 'muted',
  listStyle: 'none',
  m: '0',
  p: '0',
  '& a': { color: 'muted', textDecoration: 'none', borderRadius: '2px', _hover: { color: 'first.text' } },
});
const sep = css({ color: 'line.strong' });
const titleCss = css({ fontSize: '20px', fontWeight: '700', lineHeight: '1.4', m: '0', color: 'ink' });
const descCss = css({ fontSize: '13px', color: 'muted', mt: '0.5' });
const actionsCss = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' });

/** True while a dialog, menu or listbox popup is on screen. */
function overlayOpen(): boolean {
  const popups = document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog], [role=menu]');
  return [...popups].some((el) => !el.hidden && el.getClientRects().length > 0);
}

export interface PageHeaderProps {
  /** Defaults to the route registry's title for this path; a string also names the browser tab. */
  title?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Defaults to the registry's ancestors of this path. */
  crumbs?: Crumb[];
  /**
   * The record this page belongs to when its path does not say so (a company's shareholders
   * page: the company's view). It comes last in the breadcrumb before this page, and both Esc
   * and Backspace go there.
   */
  parent?: ParentPage;
  /** The screen's main actions: Buttons with their `shortcut`. */
  actions?: ReactNode;
}

/**
 * The top of every screen in the main layout: breadcrumbs, the title (the page's one h1) and
 * the main actions. Esc goes one level up (a record to its list, a record's page to its
 * `parent`) when nothing else took it: a component that handles Esc itself calls
 * `event.preventDefault()`. Backspace goes to a declared `parent` too (record views bind it
 * themselves).
 */
export function PageHeader({ title, description, crumbs, parent: parentPage, actions }: PageHeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const textTitle = typeof title === 'string' ? title : undefined;
  const trail = crumbs ?? crumbsFor(pathname, textTitle, parentPage);
  // Esc goes up from a record to its list; top-level screens do not jump home.
  const parent = parentCrumb(trail);
  const up = parent?.to && parent.to !== '/' ? parent : undefined;
  const shown = title ?? trail.at(-1)?.label;

  useEffect(() => {
    setTitleOverride(pathname, textTitle ?? null);
    return () => setTitleOverride(pathname, null);
  }, [pathname, textTitle]);

  const goUp = () => {
    // An open dialog, menu or popover owns the keys.
    if (overlayOpen()) return;
    if (up?.to) navigate({ to: up.to });
  };
  useShortcuts(parentPage ? { Escape: goUp, Backspace: goUp } : { Escape: goUp }, !!up?.to);

  return (
    <header className={header}>
      <div>
        {trail.length > 1 && (
          <nav aria-label="مسیر صفحه">
            <ol className={crumbsCss}>
              {trail.slice(0, -1).map((c) => (
                <Fragment key={c.to ?? c.label}>
                  <li>
                    {c.to ? (
                      <Link to={c.to} activeOptions={{ exact: true }}>
                        {c.label}
                      </Link>
                    ) : (
                      c.label
                    )}
                  </li>
                  <li aria-hidden="true" className={sep}>
                    ‹
                  </li>
                </Fragment>
              ))}
            </ol>
          </nav>
        )}
        <h1 className={titleCss}>{shown}</h1>
        {description && <p className={descCss}>{description}</p>}
      </div>
      {actions && <div className={actionsCss}>{actions}</div>}
    </header>
  );
}
