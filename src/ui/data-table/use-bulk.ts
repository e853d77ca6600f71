import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '~/lib/http.ts';
import { toast } from '../toaster.tsx';
import type { BulkAction, BulkSelection, CellSelection, UndoOffer } from './types.ts';

/**
 * The bulk half of a list: runs a screen's bulk action on the selection, then (when it did
 * something) clears the selection, refreshes the list's pages (TanStack Query invalidation of
 * `queryKey`) and holds the undo offer the undo bar shows; `undo` reverts it and refreshes again.
 * A refused call has been toasted by the http client already (the error catalogue).
 */
export function useBulk(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

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
        setOffer(result);
        await refresh();
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  /** Undoes the offered action; false when there is none to undo. */
  const undo = (): boolean => {
    const current = offer;
    if (!current) return false;
    setOffer(null);
    void current
      .undo()
      .then((message) => toast.positive(message))
      .catch((e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
      })
      .finally(() => void refresh());
    return true;
  };

  return { offer, busy, run, undo, dismiss: () => setOffer(null) };
}
