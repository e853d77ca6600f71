import { useMemo, useState } from 'react';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import type { RowAction } from './data-table/types.ts';
import { whenNoDialog } from './when-no-dialog.ts';

const NEW_KEYWORDS = ['new', 'create', 'تازه', 'جدید'];
const ALL = {};

/**
 * The editing state of a list whose rows are made, edited and removed in dialogs (labels,
 * document types, the resume terms and provisions): the row in the form (`row` null for a new
 * one) and the row asked to be removed. Registers "«noun» تازه" in the palette and on N (it waits
 * for the palette to go: whenNoDialog) and gives the list its row actions: E edits, Delete asks
 * to remove, and `between` (stable, memoized by the caller) come between them.
 *
 * `remove(run)` runs the deletion of the row asked for, busy meanwhile. An ApiError (a 409 for a
 * row still in use) is the error catalogue's to toast; the confirmation closes either way.
 */
export function useRowEditing<T>({
  id,
  noun,
  group,
  keywords = NEW_KEYWORDS,
  between,
  can = ALL,
}: {
  /** The commands' prefix: `labels` gives `labels.new`, `labels.edit`, `labels.delete`. */
  id: string;
  /** The thing edited, in titles: "برچسب", "نوع مستند". */
  noun: string;
  /** The palette group. */
  group: string;
  keywords?: string[];
  between?: RowAction<T>[];
  /** What the role may do (default all): the keys, row actions and palette entries of the others are not offered. */
  can?: { create?: boolean; edit?: boolean; delete?: boolean };
}) {
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const rowActions = useMemo<RowAction<T>[]>(
    () => [
      ...(can.edit !== false
        ? [{ id: `${id}.edit`, title: `ویرایش ${noun}`, key: 'KeyE', run: (row: T) => setEditing({ row }) }]
        : []),
      ...(between ?? []),
      ...(can.delete !== false
        ? [{ id: `${id}.delete`, title: `حذف ${noun}`, key: 'Delete', run: (row: T) => setRemoving(row) }]
        : []),
    ],
    [id, noun, between, can.edit, can.delete],
  );
  const commands = useMemo<Command[]>(
    () =>
      can.create === false
        ? []
        : [
            {
              id: `${id}.new`,
              title: `${noun} تازه`,
              keywords,
              shortcut: 'KeyN',
              group,
              run: () => whenNoDialog(() => setEditing({ row: null })),
            },
          ],
    [id, noun, group, keywords, can.create],
  );
  useRegisterCommands(commands);

  const remove = async (run: (row: T) => Promise<void>) => {
    if (!removing) return;
    setBusy(true);
    try {
      await run(removing);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  return { editing, setEditing, removing, setRemoving, busy, rowActions, remove };
}
