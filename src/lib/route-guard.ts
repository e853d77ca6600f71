import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { toast } from '~/ui/toaster.tsx';
import { DENIED_MESSAGE, decideRoute, HOME_PATH } from './guard.ts';
import { readSession } from './session.ts';
import { STORAGE_KEYS, writeJson } from './storage.ts';

let lastAllowedHref: string | null = null;

/**
 * The root route's `beforeLoad`: runs the guard on every navigation. A redirect remembers the
 * attempted path when the guard asks; a refusal shows the Persian notice and keeps the user on
 * the page they were on (or home, when the refused page was the first one opened). Preloads
 * (link hover) are refused silently.
 */
export function guardNavigation({
  location,
  preload,
}: {
  location: ParsedLocation;
  preload?: boolean;
}): void {
  const decision = decideRoute(location.pathname, location.href, readSession());
  if (decision.kind === 'allow') {
    if (!preload) lastAllowedHref = location.href;
    return;
  }
  if (decision.kind === 'redirect') {
    if (!preload && decision.remember) writeJson(STORAGE_KEYS.redirect, decision.remember);
    throw redirect({ href: decision.to, replace: true });
  }
  if (!preload) toast.negative(DENIED_MESSAGE);
  throw redirect({ href: lastAllowedHref ?? HOME_PATH, replace: true });
}
