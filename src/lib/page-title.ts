import { screenFor } from '~/contract/route-registry.ts';

/** The separator between the short name and the page title. */
export const TITLE_SEPARATOR = ' | ';
export const DEFAULT_SHORT_NAME = 'ناظر';

/**
 * The document title: the settings short name, a separator, then the page title from the route
 * registry (or `override`, e.g. a company's name on its view page). Without a page title, the
 * short name alone. pageTitle('/person/legal-persons', 'ناظر') → 'ناظر | اشخاص حقوقی'.
 */
export function pageTitle(pathname: string, shortName?: string | null, override?: string | null): string {
  const name = shortName?.trim() || DEFAULT_SHORT_NAME;
  const title = override?.trim() || screenFor(pathname)?.title;
  return title ? `${name}${TITLE_SEPARATOR}${title}` : name;
}

type Listener = () => void;
let override: { pathname: string; title: string } | null = null;
const listeners = new Set<Listener>();

/**
 * Lets the current screen name itself (a company's name on its view page). Keyed by path so
 * that a title never outlives its screen; `null` clears it.
 */
export function setTitleOverride(pathname: string, title: string | null): void {
  const next = title ? { pathname, title } : null;
  if (next?.pathname === override?.pathname && next?.title === override?.title) return;
  if (!next && override && override.pathname !== pathname) return;
  override = next;
  for (const l of listeners) l();
}

/** The title override for `pathname`, if the screen set one. */
export function titleOverrideFor(pathname: string): string | null {
  return override && override.pathname === pathname ? override.title : null;
}

export function subscribeTitleOverride(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
