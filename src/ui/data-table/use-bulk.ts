import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '~/lib/http.ts';
import { toast } from '../toaster.tsx';
import type { BulkAction, BulkSelection, CellSelection, UndoOffer } from './types.ts';

/**
 * The bulk half of a list: runs a screen's bulk action on the selection, then (when it did
 * something) clears the selection, refreshes the list's pages (TanStack Query invalidation of
 * `queryKey`) and pushes its undo offer on the undo stack; the bar shows the newest offer still
 * in its window, and `undo` reverts that one (Ctrl/⌘+Z again reverts the one before, in order),
 * names what it undid in a toast and refreshes again. Offers past their window leave the stack.
 * A refused call has been toasted by the http client already (the error catalogue).
 */
export function useBulk(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [offers, setOffers] = useState<readonly UndoOffer[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const live = () => offers.filter((o) => o.until > Date.now());

  /** Runs `action` on `selection`; `clear` empties the list's selection once it has done something. */
  const run = async (action: BulkAction, selection: BulkSelection | CellSelection, clear: () => void) => {
    if (busyRef.current) return;
    if (selection.kind === 'cells' && !action.runCells) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const result =
        selection.kind === 'cells' ? await action.runCells!(selection) : await action.run(selection);
      if (result) {
        clear();
        setOffers((stack) => [...stack.filter((o) => o.until > Date.now()), result]);
        await refresh();
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  /** Undoes the newest offer still in its window; false when there is none to undo. */
  const undo = (): boolean => {
    const stack = live();
    const current = stack.at(-1);
    if (!current) {
      if (offers.length) setOffers([]);
      return false;
    }
    setOffers(stack.slice(0, -1));
    void current
      .undo()
      .then((message) => toast.positive(message))
      .catch((e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
      })
      .finally(() => void refresh());
    return true;
  };

  /** The newest offer's window has passed: it leaves the stack (with any others past theirs). */
  const expire = useCallback(() => setOffers((stack) => stack.filter((o) => o.until > Date.now())), []);

  return { offer: offers.at(-1) ?? null, depth: offers.length, busy, run, undo, dismiss: expire };
}
