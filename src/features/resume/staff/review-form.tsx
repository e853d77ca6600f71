import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId } from 'react';
import { css } from 'styled-system/css';
import {
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ResumeRow,
  type ReviewStatus,
  reviewInput,
} from '~/contract/resume.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { formatNumber } from '~/ui/format.ts';
import { input, Textarea } from '~/ui/input.tsx';
import { toast } from '~/ui/toaster.tsx';
import { resumeKeys, reviewResumes } from './api.ts';
import { fullName } from './labels.tsx';

const formCss = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '3' });
const actionsCss = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' });
const alertCss = css({ color: 'danger', fontSize: '13px', m: 0 });
const whoCss = css({ fontSize: '13px', color: 'muted', m: 0 });

export interface ReviewFormProps {
  ids: number[];
  /** The status and note to start from (one resume's current review). */
  status?: ReviewStatus;
  note?: string | null;
  /** After a successful save; `updated` is the server's count. */
  onDone?(updated: number): void;
  onCancel?(): void;
  /** Focus the status select when shown. */
  autoFocus?: boolean;
}

/**
 * The review status (and note) of one or more resumes: POST /api/person/resume/review, checked
 * first with the contract's schema; the server's 422 messages show under their fields. On
 * success the lists and the open resumes refresh and a toast says how many changed.
 * Ctrl/⌘+Enter saves from the note.
 */
export function ReviewForm({ ids, status, note, onDone, onCancel, autoFocus }: ReviewFormProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm({
    initial: { status: (status ?? '') as ReviewStatus | '', note: note ?? '' },
    schema: reviewInput,
    prepare: (v) => ({ ids, status: v.status || undefined, note: v.note }),
    save: (input) => reviewResumes({ ids: input.ids, status: input.status, note: input.note }),
    onSaved: async ({ updated }, input) => {
      toast.positive(`وضعیت ${formatNumber(updated)} رزومه «${REVIEW_STATUS_LABELS[input.status]}» شد`);
      await queryClient.invalidateQueries({ queryKey: resumeKeys.all });
      onDone?.(updated);
    },
  });
  const { values, set, errors, busy, submit } = form;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };
  // Errors the form has no field for (ids, the server's general message).
  const general = [...(errors.ids ?? []), ...(errors._ ?? [])].concat(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('ids.'))
      .flatMap(([, v]) => v),
  );

  return (
    <form className={formCss} onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} noValidate>
      <Field label="وضعیت بررسی" error={errors.status} required>
        <select
          id={`${id}-status`}
          className={input({})}
          value={values.status}
          autoFocus={autoFocus}
          onChange={(e) => set('status', e.target.value as ReviewStatus | '')}
        >
          <option value="">برگزینید…</option>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="یادداشت" hint="دلیل یا نکته‌ای برای همکاران؛ حداکثر ۱۰۰۰ نویسه" error={errors.note}>
        <Textarea
          id={`${id}-note`}
          value={values.note}
          rows={3}
          maxLength={1000}
          onChange={(e) => set('note', e.target.value)}
        />
      </Field>
      {general.length > 0 && (
        <p role="alert" className={alertCss}>
          {general[0]}
        </p>
      )}
      <div className={actionsCss}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            انصراف
          </Button>
        )}
        <Button
          type="submit"
          tone="primary"
          disabled={busy}
          aria-busy={busy || undefined}
          shortcut="$mod+Enter"
        >
          ثبت وضعیت
        </Button>
      </div>
    </form>
  );
}

/** Names of the chosen resumes, the first few spelled out. */
/** Up to four names of the `count` resumes, and how many more. */
function who(rows: readonly ResumeRow[], count: number): string {
  const shown = rows.slice(0, 4).map(fullName).join('، ');
  const more = count - Math.min(4, rows.length);
  return more > 0 ? `${shown}${shown ? ' و ' : ''}${formatNumber(more)} نفر دیگر` : shown;
}

/** The resumes to review: every id, and those of their rows the list held (for their names). */
export interface Reviewing {
  ids: readonly number[];
  rows: readonly ResumeRow[];
}

export interface ReviewDialogProps {
  /** What to review; the dialog is open while there is something. */
  reviewing: Reviewing | null;
  onClose(): void;
}

/** The review of a selection (or of the focused row): status and note in a dialog. */
export function ReviewDialog({ reviewing, onClose }: ReviewDialogProps) {
  const ids = reviewing?.ids ?? [];
  const rows = (reviewing?.rows ?? []).filter((r) => ids.includes(r.id));
  const one = ids.length === 1 && rows.length === 1 ? rows[0] : undefined;
  return (
    <Dialog
      open={ids.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={one ? `وضعیت بررسی رزومه ${fullName(one)}` : `وضعیت بررسی ${formatNumber(ids.length)} رزومه`}
      description={<span className={whoCss}>{who(rows, ids.length)}</span>}
    >
      {ids.length > 0 && (
        <ReviewForm
          ids={[...ids]}
          status={one?.review_status}
          note={one?.review_note}
          onDone={onClose}
          onCancel={onClose}
          autoFocus
        />
      )}
    </Dialog>
  );
}
