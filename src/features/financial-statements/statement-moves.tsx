import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementDetail } from '~/contract/financial-statements.ts';
import { ApiError, api } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { Field } from '~/ui/field.tsx';
import { Textarea } from '~/ui/input.tsx';
import { toast } from '~/ui/toaster.tsx';
import { statementsApi } from './api.ts';

const base = (id: number) => `/api/performance/financial-statements/${id}`;

/** What each move is called on its button and in its toast. */
const WORDS = {
  SUBMIT: { button: 'ارسال برای بررسی', done: 'صورت مالی برای بررسی ارسال شد', path: 'submit' },
  REVIEW: { button: 'بررسی شد', done: 'صورت مالی بررسی‌شده ثبت شد', path: 'review' },
  RETURN: { button: 'برگشت برای اصلاح', done: 'صورت مالی برای اصلاح برگشت داده شد', path: 'return' },
} as const;

/**
 * The entry moves the role may make on this statement now (the server's `allowed_moves`), as the
 * view's header buttons: submit (a draft whose checks pass), mark reviewed, return for correction
 * (asks for the note the preparer will read). Each is refused by the server when it no longer
 * fits (another reviewer was faster): the refusal is toasted and the view read again.
 */
export function StatementMoves({ detail }: { detail: StatementDetail }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const id = detail.statement.id;
  const run = async (move: keyof typeof WORDS, body?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api(`${base(id)}/${WORDS[move].path}`, { method: 'POST', body, quiet: move === 'RETURN' });
      toast.positive(WORDS[move].done);
      setReturning(false);
      setNote('');
    } catch (err) {
      if (move === 'RETURN' && err instanceof ApiError && err.status === 422)
        setNoteError(err.body?.errors?.note?.[0] ?? err.message);
      else if (move === 'RETURN') toast.negative(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: statementsApi.keys.all });
    }
  };
  const moves = detail.allowed_moves.filter((m): m is keyof typeof WORDS => m in WORDS);
  if (moves.length === 0) return null;
  return (
    <>
      {moves.map((m) => (
        <Button
          key={m}
          tone={m === 'RETURN' ? 'danger' : 'primary'}
          disabled={busy}
          onClick={() => (m === 'RETURN' ? setReturning(true) : void run(m))}
        >
          {WORDS[m].button}
        </Button>
      ))}
      <Dialog
        open={returning}
        onOpenChange={setReturning}
        title="برگشت برای اصلاح"
        description="تهیه‌کننده این یادداشت را می‌بیند؛ بنویسید چه چیزی باید اصلاح شود."
        footer={
          <>
            <Button onClick={() => setReturning(false)}>انصراف</Button>
            <Button tone="danger" disabled={busy} onClick={() => void run('RETURN', { note })}>
              برگشت
            </Button>
          </>
        }
      >
        <Field label="علت برگشت" required error={noteError}>
          <Textarea
            rows={4}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError(undefined);
            }}
          />
        </Field>
      </Dialog>
    </>
  );
}
