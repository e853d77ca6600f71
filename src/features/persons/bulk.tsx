import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { type BulkOperation, type BulkAction as BulkVerb, UNDO_WINDOW_MS } from '~/contract/bulk.ts';
import type { LabelObjectType } from '~/contract/labels.ts';
import { ApiError } from '~/lib/http.ts';
import { fetchLabelItems, labelKeys } from '~/lib/labels.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { toFilterQuery } from '~/ui/data-table/search-params.ts';
import type { BulkAction, BulkSelection, UndoOffer } from '~/ui/data-table/types.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { formatNumber } from '~/ui/format.ts';
import { Chip } from '~/ui/label-chips.tsx';
import { runBulk, undoBulk } from './bulk-api.ts';
import { downloadFile } from './transfer/api.ts';
import { exportUrl } from './transfer/export-url.ts';

/**
 * The persons lists' bulk actions — set a label (L), remove a label (Shift+L), delete
 * (Delete, after a confirmation) — as DataTable configuration, with the dialogs they ask in.
 * Each resolves to an undo offer for the list's undo bar (10 s, Ctrl/⌘+Z).
 */

/** The persons kinds (the label object types that are persons). */
type PersonKind = Exclude<LabelObjectType, 'issue'>;

interface Pending {
  verb: BulkVerb;
  selection: BulkSelection;
  resolve(offer: UndoOffer | null): void;
}

/** "۳ ردیف" or "همه ۱٬۲۳۴ مورد منطبق". */
export function selectionText(s: BulkSelection): string {
  return s.kind === 'all' ? `همه ${formatNumber(s.total)} مورد منطبق` : `${formatNumber(s.ids.length)} ردیف`;
}

/** The request's selection: ids, or the list's query for "all matching". */
const target = (s: BulkSelection) =>
  s.kind === 'all' ? { all: toFilterQuery(s.query) } : { ids: s.ids.map(Number) };

const RESULT: Record<BulkVerb, (n: string, label: string) => string> = {
  label: (n, label) => `برچسب «${label}» روی ${n} ردیف گذاشته شد`,
  unlabel: (n, label) => `برچسب «${label}» از ${n} ردیف برداشته شد`,
  delete: (n) => `${n} ردیف حذف شد`,
};
const UNDONE: Record<BulkVerb, (n: string, label: string) => string> = {
  label: (n, label) => `برچسب «${label}» از ${n} ردیف برداشته شد (بازگردانده شد)`,
  unlabel: (n, label) => `برچسب «${label}» دوباره روی ${n} ردیف گذاشته شد`,
  delete: (n) => `${n} ردیف حذف‌شده بازگردانده شد`,
};

/** The undo offer of a finished operation. */
function offerOf(op: BulkOperation, labelName: string): UndoOffer {
  const n = formatNumber(op.affected);
  // A persons' operation is always one of their own verbs.
  const verb = op.action as BulkVerb;
  return {
    message: RESULT[verb](n, labelName),
    // The client's own clock: the server's window starts a moment before the answer arrives.
    until: Date.now() + UNDO_WINDOW_MS - 300,
    undo: async () => {
      await undoBulk(op.id);
      return UNDONE[verb](n, labelName);
    },
  };
}

const options = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxH: '320px',
  overflowY: 'auto',
  mt: '3',
  // Room for the focused option's ring inside the scrolling box, which would cut it.
  p: '1',
});
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1',
  borderRadius: '4px',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.fourth)' },
});
const footer = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '4' });

/** Picks the label to set or remove; arrows move, Enter applies. */
function LabelPicker({
  type,
  pending,
  onDone,
}: {
  type: PersonKind;
  pending: Pending;
  onDone(offer: UndoOffer | null): void;
}) {
  const setting = pending.verb === 'label';
  // Setting offers the labels made for this record type; removing offers every label.
  const items = useQuery({
    queryKey: labelKeys.items(setting ? type : undefined),
    queryFn: ({ signal }) => fetchLabelItems(setting ? type : undefined, signal),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = items.data ?? [];
  const current = chosen ?? labels[0]?.id ?? null;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const label = labels.find((l) => l.id === current);
    if (!label || busy) return;
    setBusy(true);
    try {
      const { operation } = await runBulk(type, {
        action: pending.verb,
        labelId: label.id,
        ...target(pending.selection),
      });
      onDone(offerOf(operation, label.name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      onDone(null);
    }
  };
  const title = setting ? 'برچسب زدن' : 'برداشتن برچسب';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onDone(null)}
      title={`${title}: ${selectionText(pending.selection)}`}
      description={
        setting
          ? 'برچسبی را که روی ردیف‌ها گذاشته شود برگزینید.'
          : 'برچسبی را که از ردیف‌ها برداشته شود برگزینید.'
      }
    >
      <form onSubmit={submit} aria-label={title}>
        <div role="radiogroup" aria-label="برچسب‌ها" className={options}>
          {items.isPending && <span>در حال بارگذاری برچسب‌ها…</span>}
          {items.isSuccess && labels.length === 0 && <span>برچسبی برای این نوع موضوع تعریف نشده است.</span>}
          {labels.map((l, i) => (
            <label key={l.id} className={option}>
              <input
                type="radio"
                name="label"
                value={l.id}
                checked={current === l.id}
                autoFocus={i === 0}
                onChange={() => setChosen(l.id)}
              />
              <Chip label={l} />
            </label>
          ))}
        </div>
        <div className={footer}>
          <Button onClick={() => onDone(null)} disabled={busy}>
            انصراف
          </Button>
          <Button
            type="submit"
            tone="primary"
            disabled={busy || current === null}
            aria-busy={busy || undefined}
          >
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * What the server's bulk route asks the role to hold (src/server/modules/bulk/service.ts
 * BULK_PERMISSION): labelling, unlabelling and deleting change the records.
 */
const EDIT_PERMISSION: Record<PersonKind, string> = {
  legal_person: 'person.legal.edit',
  true_person: 'person.true.edit',
};

/**
 * The bulk actions of the `type` persons list and the dialogs they open: pass `bulkActions` to
 * the DataTable and render `dialogs` beside it. Each declares the permission its route asks for;
 * the DataTable offers only those the role holds.
 */
export function usePersonBulk(type: PersonKind): { bulkActions: BulkAction[]; dialogs: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const bulkActions = useMemo<BulkAction[]>(() => {
    const ask = (verb: BulkVerb) => (selection: BulkSelection) =>
      new Promise<UndoOffer | null>((resolve) => setPending({ verb, selection, resolve }));
    const permission = EDIT_PERMISSION[type];
    return [
      { id: 'persons.bulk.label', title: 'برچسب زدن', key: 'KeyL', permission, run: ask('label') },
      {
        id: 'persons.bulk.unlabel',
        title: 'برداشتن برچسب',
        key: 'Shift+KeyL',
        permission,
        run: ask('unlabel'),
      },
      {
        id: 'persons.bulk.delete',
        title: 'حذف',
        key: 'Delete',
        tone: 'danger',
        permission,
        run: ask('delete'),
      },
      {
        id: 'persons.bulk.export',
        title: 'خروجی اکسل انتخاب‌شده‌ها',
        key: 'KeyE',
        // The chosen rows by id, or (all matching) the view's query; nothing to undo.
        run: async (selection) => {
          const list = type === 'legal_person' ? 'legal' : 'true';
          const url =
            selection.kind === 'rows'
              ? exportUrl(list, {}, { ids: selection.ids })
              : exportUrl(list, selection.query);
          await downloadFile(url, `${list}-persons.xlsx`);
          return null;
        },
      },
    ];
  }, [type]);
  const done = (offer: UndoOffer | null) => {
    pending?.resolve(offer);
    setPending(null);
  };
  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { operation } = await runBulk(type, { action: 'delete', ...target(pending.selection) });
      done(offerOf(operation, ''));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      done(null);
    } finally {
      setBusy(false);
    }
  };
  const dialogs =
    pending?.verb === 'delete' ? (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && !busy && done(null)}
        tone="danger"
        busy={busy}
        title={`${selectionText(pending.selection)} حذف شود؟`}
        description="ردیف‌ها از فهرست‌ها، جست‌وجو و نمایش برداشته می‌شوند. تا ۱۰ ثانیه پس از حذف می‌توانید آن را با Ctrl+Z برگردانید."
        confirmLabel="حذف"
        onConfirm={confirmDelete}
      />
    ) : pending ? (
      <LabelPicker type={type} pending={pending} onDone={done} />
    ) : null;
  return { bulkActions, dialogs };
}
