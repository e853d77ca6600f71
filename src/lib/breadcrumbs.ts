import { screenFor } from '~/contract/route-registry.ts';

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/**
 * The record a page belongs to when its path does not say so (a company's shareholders page,
 * /person/shareholder/7, belongs to the company, /person/legal-persons/view/7): its path and,
 * when known, its name (else the registry's title of that screen).
 */
export interface ParentPage {
  to: string;
  label?: string;
}

/**
 * Breadcrumbs from the route registry: home, then every built screen whose path is a prefix of
 * this one, then this screen. crumbsFor('/person/legal-persons/view/7') →
 * داشبورد › اشخاص حقوقی › مشاهده شخص حقوقی. With `parent`, the parent's own trail and the
 * parent itself come before this screen: crumbsFor('/person/shareholder/7', 'سهامداران',
 * { to: '/person/legal-persons/view/7', label: 'آبسال' }) → داشبورد › اشخاص حقوقی › آبسال › سهامداران.
 */
export function crumbsFor(pathname: string, currentTitle?: string, parent?: ParentPage): Crumb[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const current = screenFor(path);
  const label = currentTitle ?? current?.title;
  if (parent) {
    const above = crumbsFor(parent.to, parent.label);
    const own = above.pop();
    if (own) above.push({ label: own.label, to: parent.to });
    return label ? [...above, { label }] : above;
  }
  if (path === '/') return label ? [{ label }] : [];
  const home = screenFor('/');
  const out: Crumb[] = home ? [{ label: home.title, to: '/' }] : [];
  const segments = path.split('/').filter(Boolean);
  for (let k = 1; k < segments.length; k++) {
    const prefix = `/${segments.slice(0, k).join('/')}`;
    const entry = screenFor(prefix);
    if (entry && entry.status === 'built' && entry.path !== current?.path) {
      out.push({ label: entry.title, to: prefix });
    }
  }
  if (label) out.push({ label });
  return out;
}

/** The crumb one level up (where Esc goes), if any. */
export function parentCrumb(crumbs: Crumb[]): Crumb | undefined {
  return crumbs.length >= 2 ? crumbs[crumbs.length - 2] : undefined;
}
