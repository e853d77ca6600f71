import { type AnyActorRef, waitFor } from 'xstate';
import { createEffects } from '../effects.ts';
import { createFakeServer } from './fake-server.ts';
import { createMemoryStore } from './memory-store.ts';

/**
 * One pretend browser for a model path: an in-memory store, the fake server, the real effects
 * wired to both, and the navigations the effects asked for.
 */
export function createWorld() {
  const store = createMemoryStore();
  const server = createFakeServer(store);
  const navigations: string[] = [];
  const effects = createEffects({ api: server.api, store, navigate: (to) => navigations.push(to) });
  return { store, server, effects, navigations };
}

/** Waits until the actor has no call out (no state tagged `busy`). */
export function settle<T extends AnyActorRef>(actor: T) {
  return waitFor(actor, (s) => !(s as { hasTag(t: string): boolean }).hasTag('busy'), { timeout: 2000 });
}
