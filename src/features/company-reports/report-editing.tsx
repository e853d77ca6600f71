import { type ReactNode, useCallback, useState } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { ApiError } from '~/lib/http.ts';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { EntityFormDialog } from '~/ui/entity/entity-form.tsx';
import { toast } from '~/ui/toaster.tsx';
import { deleteReportRow, saveReportRow } from './api.ts';

type Row = Record<string, unknown> & { id: number; version: number };

export interface ReportEditingOptions<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The path's parameters before the row's own (the company's id for a company's own rows). */
  scope: number[];
  /** A row's name in messages. */
  nameOf(row: Row): string;
  /** Reads the rows again after a write. */
  refresh(): unknown;
  /** The toast of a new row, and its dialog's title when not «‹title› تازه». */
  created: string;
  newTitle?: string;
}

/**
 * Editing a report's rows in place: `create()` and `edit(row)` open the dialog generated from the
 * description (saved with the version read, toasted «‹title› ذخیره شد» or `created`), `remove(row)`
 * asks before deleting it («‹title› حذف شود؟», then «‹title› «‹name›» حذف شد»; a 409 or 404 is
 * toasted by the error catalogue). `dialogs` renders both; the rows are read again after each.
 */
export function useReportEditing<F extends Record<string, EntityField>>(o: ReportEditingOptions<F>) {
  const { entity } = o;
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteReportRow(entity, o.scope, removing);
      toast.positive(`${entity.title} «${o.nameOf(removing)}» حذف شد`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
      void o.refresh();
    }
  };

  const dialogs: ReactNode = (
    <>
      {editing && (
        <EntityFormDialog
          key={editing.row?.id ?? 'new'}
          entity={entity}
          row={editing.row}
          columns={2}
          title={editing.row ? `ویرایش ${entity.title}` : o.newTitle}
          save={(data) => saveReportRow(entity, o.scope, editing.row, data)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.positive(editing.row ? `${entity.title} ذخیره شد` : o.created);
            setEditing(null);
            void o.refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title={`${entity.title} حذف شود؟`}
        description={removing && `«${o.nameOf(removing)}» برای همیشه حذف می‌شود.`}
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
  // Stable, so the commands and row actions that call them are not made again on every render.
  const create = useCallback(() => setEditing({ row: null }), []);
  const edit = useCallback((row: Row) => setEditing({ row }), []);
  const remove = useCallback((row: Row) => setRemoving(row), []);
  return { create, edit, remove, dialogs };
}
