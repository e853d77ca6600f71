import { useEffect, useRef } from 'react';
import { bindShortcuts, type ShortcutMap } from './shortcuts.ts';

/**
 * Binds physical-key shortcuts while the component is mounted (and `enabled`). Handlers may
 * change on every render; the keys are re-bound only when the set of bindings changes.
 *
 * useShortcuts({ 'KeyJ': next, 'KeyK': previous, '$mod+KeyA': selectAll });
 */
export function useShortcuts(map: ShortcutMap, enabled = true): void {
  const latest = useRef(map);
  latest.current = map;
  const signature = Object.keys(map).sort().join('\n');
  useEffect(() => {
    if (!enabled || !signature) return;
    const proxied: ShortcutMap = {};
    for (const binding of signature.split('\n')) {
      proxied[binding] = (event) => latest.current[binding]?.(event);
    }
    return bindShortcuts(proxied);
  }, [signature, enabled]);
}
