import { type RefObject, useEffect } from 'react';
import { isTypingTarget } from '../shortcuts.ts';
import { keyToAction, type ListAction } from './keys.ts';
import { HEADER_HEIGHT, ROW_HEIGHT } from './styles.ts';

/** Elements whose own keys (Enter, Space, arrows) the list must not take. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [contenteditable], [role=button], [role=link], ' +
  '[role=menuitem], [role=tab], [role=option], [role=checkbox], [role=switch], [role=radio], ' +
  '[role=slider], [role=combobox], [role=listbox], [role=tree], [role=grid], [role=treegrid]';

export interface ListKeyRefs {
  rootRef: RefObject<HTMLElement | null>;
  scrollRef: RefObject<HTMLElement | null>;
  filterRef: RefObject<HTMLInputElement | null>;
  /** Performs a list action; false when it had nothing to do (the key then stays unhandled). */
  performRef: RefObject<(action: ListAction) => boolean>;
  /** Runs the screen's row action for this key on the focused row; false when none applies. */
  rowActionRef: RefObject<(e: KeyboardEvent) => boolean>;
}

/**
 * Reads the list's keys on `window` in the capture phase, so the list answers before the shell's
 * global keys (Esc clears a selection before the page header goes up a level). Letters work from
 * anywhere but fields and dialogs; arrows, Enter, Space and Esc only when the grid, the filter
 * box or the page itself has focus (not a button, link or widget elsewhere).
 */
export function useListKeys({ rootRef, scrollRef, filterRef, performRef, rowActionRef }: ListKeyRefs): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest?.('[role=dialog], [aria-modal=true]')) return;
      const inFilter = target === filterRef.current;
      const inGrid = target === scrollRef.current;
      // Focus on the page itself (body, <main>, a heading): the list's keys apply.
      const passive = !target || typeof target.matches !== 'function' || !target.matches(INTERACTIVE);
      const letter = e.code.startsWith('Key') || e.code === 'Slash';
      if (!letter && !inGrid && !passive && !inFilter) return;
      const root = rootRef.current;
      const dir = root && getComputedStyle(root).direction === 'ltr' ? 'ltr' : 'rtl';
      const pageRows =
        Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_HEIGHT) / ROW_HEIGHT) - 1;
      const inField = isTypingTarget(target);
      if (!inFilter && !inField && !e.ctrlKey && !e.metaKey && !e.altKey && rowActionRef.current(e)) {
        e.preventDefault();
        return;
      }
      const action = keyToAction(e, { dir, inFilter, inField, pageRows });
      if (action && performRef.current(action)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [rootRef, scrollRef, filterRef, performRef, rowActionRef]);
}
