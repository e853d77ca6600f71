import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import {
  ISSUE_PRIORITIES,
  ISSUE_PRIORITY_LABELS,
  ISSUE_UNDO_WINDOW_MS,
  type IssueBulkAnswer,
  type IssueBulkInput,
} from '~/contract/issues.ts';
import type { IssueMoveType } from '~/domain/issues/issue-status.ts';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { fetchLabelItems, labelKeys } from '~/lib/labels.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { toFilterQuery } from '~/ui/data-table/search-params.ts';
import type { BulkAction, BulkSelection, UndoOffer } from '~/ui/data-table/types.ts';
import { formatNumber } from '~/ui/format.ts';
import { PalettePicker, type PickerItem } from '~/ui/palette-picker.tsx';
import { MoveDialog } from './issue-dialogs.tsx';
import { findIssues, runIssueVerb, undoIssueVerb } from './triage-api.ts';

/**
 * The triage verbs (issue 18) as the list's bulk actions: each on its physical key, on the focused
 * issue or on the selection (X, Shift+X, Ctrl/⌘+A for all matching), each resolving to an undo
 * offer on the list's undo stack (Ctrl/⌘+Z takes the last ones back in order, each named in a
 * toast). The server runs each as one transaction (POST /api/issues/bulk) and keeps its undo for
 * ISSUE_UNDO_WINDOW_MS.
 *
 * 1 accept · 2 mark duplicate (the original picked in the palette) · 3 decline (with a reason) ·
 * H snooze until a Jalali day · A assign · L label · P priority.
 */

type Ask = 'duplicate' | 'decline' | 'snooze' | 'assign' | 'label' | 'priority';

interface Pending {
  ask: Ask;
  selection: BulkSelection;
  resolve(offer: UndoOffer | null): void;
}

/** The request's selection: ids, or the list's query for "all matching". */
const target = (s: BulkSelection) =>
  s.kind === 'all' ? { all: toFilterQuery(s.query) } : { ids: s.ids.map(Number) };

/** «۳ موضوع» / «موضوع». */
const howMany = (n: number) => (n === 1 ? 'موضوع' : `${formatNumber(n)} موضوع`);

/** The undo offer of a finished verb: `done` says what happened to the issues, `undone` what undo did. */
function offerOf(answer: IssueBulkAnswer, done: string, undone: string): UndoOffer {
  const n = answer.changed;
  const left = answer.skipped.reduce((k, s) => k + s.count, 0);
  const skippedText = left ? `؛ ${formatNumber(left)} موضوع تغییر نکرد (${answer.skipped[0]!.reason})` : '';
  return {
    message: `${howMany(n)} ${done}${skippedText}`,
    // The client's own clock: the server's window starts a moment before the answer arrives.
    until: Date.now() + ISSUE_UNDO_WINDOW_MS - 1000,
    undo: async () => {
      await undoIssueVerb(answer.operation.id);
      return `بازگردانده شد: ${undone} ${howMany(n)}`;
    },
  };
}

/** The words of each status move the triage keys make. */
const MOVES: Partial<Record<IssueMoveType, { done: string; undone: string }>> = {
  ACCEPT: { done: 'پذیرفته شد', undone: 'پذیرش' },
  MARK_DUPLICATE: { done: 'تکراری اعلام شد', undone: 'تکراری اعلام کردن' },
  DECLINE: { done: 'رد شد', undone: 'رد' },
  SNOOZE: { done: 'به تعویق افتاد', undone: 'تعویق' },
};

/** Sends the verb on `selection` → its undo offer (a refusal throws the ApiError, toasted already). */
const send = async (
  selection: BulkSelection,
  body: Omit<IssueBulkInput, 'ids' | 'all'>,
  words: { done: string; undone: string },
) => offerOf(await runIssueVerb({ ...body, ...target(selection) }), words.done, words.undone);

/** The bulk actions of the triage view and the dialogs they ask in (render `dialogs` beside the list). */
export function useTriageVerbs(): { bulkActions: BulkAction[]; dialogs: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  const close = (offer: UndoOffer | null) => {
    pendingRef.current?.resolve(offer);
    setPending(null);
    setBusy(false);
  };

  /** Sends the pending verb from its dialog; a refusal is shown in the dialog, which stays open. */
  const submit = async (
    body: Omit<IssueBulkInput, 'ids' | 'all'>,
    words: { done: string; undone: string },
  ) => {
    const p = pendingRef.current;
    if (!p || busy) return;
    setBusy(true);
    try {
      close(await send(p.selection, body, words));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
      setBusy(false);
    }
  };

  const bulkActions = useMemo<BulkAction[]>(() => {
    const ask = (kind: Ask) => (selection: BulkSelection) =>
      new Promise<UndoOffer | null>((resolve) => {
        setError(undefined);
        setPending({ ask: kind, selection, resolve });
      });
    return [
      {
        id: 'issues.triage.accept',
        title: 'پذیرش',
        key: 'Digit1',
        permission: 'issues',
        focused: true,
        run: async (s) => {
          try {
            return await send(s, { verb: 'move', move: { type: 'ACCEPT' } }, MOVES.ACCEPT!);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            return null;
          }
        },
      },
      {
        id: 'issues.triage.duplicate',
        title: 'تکراری',
        key: 'Digit2',
        permission: 'issues',
        focused: true,
        run: ask('duplicate'),
      },
      {
        id: 'issues.triage.decline',
        title: 'رد',
        key: 'Digit3',
        permission: 'issues',
        focused: true,
        tone: 'danger',
        run: ask('decline'),
      },
      {
        id: 'issues.triage.snooze',
        title: 'تعویق',
        key: 'KeyH',
        permission: 'issues',
        focused: true,
        run: ask('snooze'),
      },
      {
        id: 'issues.triage.assign',
        title: 'ارجاع',
        key: 'KeyA',
        permission: 'issues',
        focused: true,
        run: ask('assign'),
      },
      {
        id: 'issues.triage.label',
        title: 'برچسب',
        key: 'KeyL',
        permission: 'issues',
        focused: true,
        run: ask('label'),
      },
      {
        id: 'issues.triage.priority',
        title: 'اولویت',
        key: 'KeyP',
        permission: 'issues',
        focused: true,
        run: ask('priority'),
      },
    ];
  }, []);

  return {
    bulkActions,
    dialogs: pending && (
      <TriageDialog pending={pending} busy={busy} error={error} submit={submit} close={close} />
    ),
  };
}

/** The dialog the pending verb asks in. */
function TriageDialog({
  pending,
  busy,
  error,
  submit,
  close,
}: {
  pending: Pending;
  busy: boolean;
  error?: string;
  submit(body: Omit<IssueBulkInput, 'ids' | 'all'>, words: { done: string; undone: string }): Promise<void>;
  close(offer: null): void;
}) {
  const cancel = () => close(null);
  const chosen = pending.selection.kind === 'rows' ? new Set(pending.selection.ids) : new Set<string>();
  switch (pending.ask) {
    case 'decline':
    case 'snooze': {
      const type = pending.ask === 'decline' ? 'DECLINE' : 'SNOOZE';
      return (
        <MoveDialog
          type={type}
          busy={busy}
          error={error}
          onClose={cancel}
          onSubmit={(body) => void submit({ verb: 'move', move: { type, ...body } }, MOVES[type]!)}
        />
      );
    }
    case 'duplicate':
      return (
        <PalettePicker
          label="موضوع اصلی (این موضوع تکرار کدام است؟)"
          placeholder="عنوان، نام شخص یا شمارهٔ موضوع اصلی…"
          emptyText={error ?? 'موضوعی با این عنوان نیست'}
          search={{
            queryKey: ['issues', 'triage', 'originals'],
            find: async (text, signal) => {
              const number = Number(toAsciiDigits(text));
              const byNumber =
                text && Number.isSafeInteger(number) && number > 0
                  ? await api<{ id: number; title: string; object: string }>(`/api/issues/${number}`, {
                      signal,
                      quiet: true,
                    }).then(
                      (i) => [i],
                      () => [],
                    )
                  : [];
              const page = await findIssues(byNumber.length ? '' : text, signal);
              return [...byNumber, ...(byNumber.length ? [] : page.data)]
                .filter((i) => !chosen.has(String(i.id)))
                .map((i) => ({
                  value: String(i.id),
                  title: `${formatNumber(i.id)} — ${i.title}`,
                  hint: i.object,
                }));
            },
          }}
          onPick={(item) =>
            void submit(
              { verb: 'move', move: { type: 'MARK_DUPLICATE', of: Number(item.value) } },
              MOVES.MARK_DUPLICATE!,
            )
          }
          onClose={cancel}
        />
      );
    case 'assign':
      return <AssigneePicker error={error} submit={submit} cancel={cancel} />;
    case 'label':
      return <LabelPicker error={error} submit={submit} cancel={cancel} />;
    case 'priority':
      return (
        <PalettePicker
          label="اولویت"
          placeholder="اولویت…"
          emptyText={error ?? 'اولویتی با این نام نیست'}
          items={ISSUE_PRIORITIES.map((p) => ({ value: p, title: ISSUE_PRIORITY_LABELS[p] }))}
          onPick={(item) =>
            void submit(
              { verb: 'priority', priority: item.value as (typeof ISSUE_PRIORITIES)[number] },
              { done: `اولویت «${item.title}» گرفت`, undone: `اولویت «${item.title}» برای` },
            )
          }
          onClose={cancel}
        />
      );
  }
}

type Submit = (
  body: Omit<IssueBulkInput, 'ids' | 'all'>,
  words: { done: string; undone: string },
) => Promise<void>;

/** Assign: the staff who may be assigned, and «بدون مسئول». */
function AssigneePicker({ error, submit, cancel }: { error?: string; submit: Submit; cancel(): void }) {
  const options = useQuery({ queryKey: optionKey('assignees'), queryFn: OPTION_LOADERS.assignees });
  const items: PickerItem[] = [
    ...(options.data ?? []).map((o) => ({ value: String(o.value), title: o.label })),
    { value: 'none', title: 'بدون مسئول' },
  ];
  return (
    <PalettePicker
      label="ارجاع به"
      placeholder="نام کارشناس…"
      emptyText={error ?? 'کسی با این نام نیست'}
      items={items}
      onPick={(item) =>
        void submit(
          { verb: 'assign', assignee_id: item.value === 'none' ? null : Number(item.value) },
          item.value === 'none'
            ? { done: 'بدون مسئول شد', undone: 'برداشتن مسئولِ' }
            : { done: `به ${item.title} ارجاع شد`, undone: `ارجاع به ${item.title} برای` },
        )
      }
      onClose={cancel}
    />
  );
}

/** Label: the labels made for issues. */
function LabelPicker({ error, submit, cancel }: { error?: string; submit: Submit; cancel(): void }) {
  const labels = useQuery({
    queryKey: labelKeys.items('issue'),
    queryFn: ({ signal }) => fetchLabelItems('issue', signal),
  });
  return (
    <PalettePicker
      label="برچسب"
      placeholder="نام برچسب…"
      emptyText={error ?? 'برچسبی برای موضوعات با این نام نیست'}
      items={(labels.data ?? []).map((l) => ({ value: String(l.id), title: l.name }))}
      onPick={(item) =>
        void submit(
          { verb: 'label', label_id: Number(item.value) },
          { done: `برچسب «${item.title}» گرفت`, undone: `برچسب «${item.title}» برای` },
        )
      }
      onClose={cancel}
    />
  );
}
