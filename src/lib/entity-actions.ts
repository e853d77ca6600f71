import { useSyncExternalStore } from 'react';
import { screenFor } from '~/contract/route-registry.ts';
import type { CommandContext } from './commands.ts';

/**
 * What can be done to one company or person from the palette (Ctrl/⌘+K → pick the entity →
 * Tab): its actions, in one registry. Each feature registers the actions of its screens once,
 * at module load (`registerEntityActions('legal', [...])`); the palette lists those the current
 * role may open on a screen that is built.
 */

/** The kinds of entity the palette finds: a company (legal person) or a person (true person). */
export type EntityKind = 'legal' | 'true';

/** The entity an action is about, as the palette knows it from the search answer. */
export interface EntityRef {
  kind: EntityKind;
  id: number;
  /** Persian name (company name, or first and last name). */
  title: string;
  /** Secondary text (ticker · national id, national code). */
  hint?: string;
}

export interface EntityAction {
  /** Unique within its kind and stable: `legal.status`, `true.seats`. */
  id: string;
  /** Persian title in the palette (`گزارش وضعیت`). */
  title: string;
  /** Extra words to match, Persian and Latin. */
  keywords?: string[];
  /** A key shown beside the title as a hint (the key the target screen itself binds, e.g. `Digit3`). */
  shortcut?: string;
  /** The place it opens: a path, with an optional `#section` or `?query` (`/person/legal-persons/view/7#board`). */
  href?(entity: EntityRef): string;
  /** Instead of `href`: something to do. Its screen is `path`. */
  run?(entity: EntityRef, ctx: CommandContext): void;
  /** The screen the action needs (defaults to `href` without hash and query). Hidden unless the role may open it and it is built. */
  path?(entity: EntityRef): string;
}

type Listener = () => void;
const sources = new Map<symbol, { kind: EntityKind; actions: readonly EntityAction[] }>();
const listeners = new Set<Listener>();
let snapshot: Readonly<Record<EntityKind, readonly EntityAction[]>> = { legal: [], true: [] };

function publish() {
  const next: Record<EntityKind, EntityAction[]> = { legal: [], true: [] };
  for (const { kind, actions } of sources.values()) {
    // Later registrations win for the same id, keeping the first one's place.
    for (const a of actions) {
      const i = next[kind].findIndex((x) => x.id === a.id);
      if (i >= 0) next[kind][i] = a;
      else next[kind].push(a);
    }
  }
  snapshot = next;
  for (const l of listeners) l();
}

/** Adds `actions` for entities of `kind`; answers the function that removes them again. */
export function registerEntityActions(kind: EntityKind, actions: readonly EntityAction[]): () => void {
  const key = Symbol(kind);
  sources.set(key, { kind, actions });
  publish();
  return () => {
    sources.delete(key);
    publish();
  };
}

/** Every registered action per kind (unfiltered). */
export function allEntityActions(): Readonly<Record<EntityKind, readonly EntityAction[]>> {
  return snapshot;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registry, re-rendering when it changes. */
export function useEntityActions(): Readonly<Record<EntityKind, readonly EntityAction[]>> {
  return useSyncExternalStore(subscribe, allEntityActions, allEntityActions);
}

/** The path part of an href (`/a/7#b?c` → `/a/7`). */
export function pathOfHref(href: string): string {
  return href.replace(/[?#].*$/, '');
}

/** The screen `action` needs for `entity`, or null when it declares none. */
export function actionPath(action: EntityAction, entity: EntityRef): string | null {
  if (action.path) return action.path(entity);
  return action.href ? pathOfHref(action.href(entity)) : null;
}

/**
 * The actions of `entity` that the role may use: the screen each needs is built (a `planned`
 * entry of the route registry is hidden, even for a super admin) and `ctx.canOpen` it.
 */
export function actionsFor(
  actions: Readonly<Record<EntityKind, readonly EntityAction[]>>,
  entity: EntityRef,
  ctx: Pick<CommandContext, 'canOpen'>,
): EntityAction[] {
  return actions[entity.kind].filter((a) => {
    const path = actionPath(a, entity);
    if (!path) return false;
    return screenFor(path)?.status === 'built' && ctx.canOpen(path);
  });
}

/** Runs `action` on `entity`: navigates to its href or calls its run. */
export function performEntityAction(action: EntityAction, entity: EntityRef, ctx: CommandContext): void {
  if (action.run) action.run(entity, ctx);
  else if (action.href) ctx.navigate(action.href(entity));
}
