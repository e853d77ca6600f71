import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import {
  ATTACHMENT_MIME_TITLES,
  ATTACHMENT_MIMES,
  MAX_ATTACHMENT_BYTES,
} from '~/contract/issue-correspondence.ts';
import type { IssueLetter } from '~/contract/issues.ts';
import type { IssueMoveType } from '~/domain/issues/issue-status.ts';
import { LETTER_DIRECTION_LABELS_FA, type LetterDirection } from '~/domain/issues/letters.ts';
import { parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { Field } from '~/ui/field.tsx';
import { SelectField, TextField } from '~/ui/form/fields.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';
import { ATTACHMENT_ACCEPT } from './correspondence-api.ts';
import { uploadAll } from './letter-attachments.tsx';

const fileCss = css({ fontSize: '13px', '&::file-selector-button': { fontFamily: 'inherit' } });
const ATTACHMENT_HINT = `${ATTACHMENT_MIMES.map((m) => ATTACHMENT_MIME_TITLES[m]).join('، ')}؛ هر پرونده حداکثر ${toPersianDigits(MAX_ATTACHMENT_BYTES / 1024 / 1024)} مگابایت`;

/** The issue view's dialogs: what a status move asks for, and a new letter. */

/** The verb of each move, on its button and its dialog. */
export const MOVE_VERBS: Record<IssueMoveType, string> = {
  ACCEPT: 'پذیرش',
  START: 'شروع اقدام',
  MARK_DUPLICATE: 'تکراری',
  DECLINE: 'رد',
  SNOOZE: 'تعویق',
  WAKE: 'پایان تعویق',
  RESOLVE: 'حل شد',
  CLOSE: 'بستن',
  REOPEN: 'بازگشایی',
};
/** The moves that ask for something first, and what. */
export const ASKS: Partial<Record<IssueMoveType, 'reason' | 'until' | 'of'>> = {
  DECLINE: 'reason',
  REOPEN: 'reason',
  SNOOZE: 'until',
  MARK_DUPLICATE: 'of',
};

/** What a move asks for before it is sent: a reason, a Jalali day, or the original's number. */
export function MoveDialog({
  type,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  type: IssueMoveType;
  busy: boolean;
  error?: string;
  onClose(): void;
  onSubmit(body: Record<string, unknown>): void;
}) {
  const asks = ASKS[type]!;
  const [value, setValue] = useState('');
  const [local, setLocal] = useState<string | undefined>();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (asks === 'until') {
      const iso = parseJalaliDate(value);
      if (!iso) return setLocal('روزی شمسی مانند ۱۴۰۵/۰۹/۱۵ وارد کنید');
      return onSubmit({ until: iso });
    }
    if (asks === 'of') {
      const n = Number(toAsciiDigits(value.trim()));
      if (!Number.isSafeInteger(n) || n < 1) return setLocal('شمارهٔ موضوع اصلی را وارد کنید');
      return onSubmit({ of: n });
    }
    onSubmit({ reason: value });
  };
  return (
    <FormDialog
      open
      title={MOVE_VERBS[type]}
      busy={busy}
      error={local ?? error}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={MOVE_VERBS[type]}
    >
      {asks === 'until' ? (
        <JalaliField name="until" label="تا تاریخ" value={value} onChange={setValue} autoFocus />
      ) : (
        <TextField
          name={asks}
          label={asks === 'of' ? 'شمارهٔ موضوع اصلی' : 'دلیل'}
          value={value}
          onChange={setValue}
          multiline={asks === 'reason'}
          inputMode={asks === 'of' ? 'numeric' : undefined}
          autoFocus
        />
      )}
    </FormDialog>
  );
}

/**
 * A letter in or out; its reference number is the server's to issue. Files chosen under
 * «پیوست‌ها» are uploaded to the letter once it is registered (each refusal toasted: the letter
 * stays); `refresh` reloads the issue's attachments afterwards.
 */
export function LetterDialog({
  id,
  onClose,
  onSaved,
  refresh,
}: {
  id: number;
  onClose(): void;
  onSaved(letter: IssueLetter, attached: number): void;
  refresh(): Promise<unknown>;
}) {
  const [direction, setDirection] = useState<LetterDirection>('out');
  const [date, setDate] = useState('');
  const [sender, setSender] = useState('');
  const [recipient, setRecipient] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const save = useMutation({
    mutationFn: async (json: Record<string, unknown>) => {
      const letter = await api<IssueLetter>(`/api/issues/${id}/letters`, {
        method: 'POST',
        body: json,
        quiet: true,
      });
      const attached = files.length ? await uploadAll(id, letter.id, files, refresh) : 0;
      return { letter, attached };
    },
    onSuccess: ({ letter, attached }) => onSaved(letter, attached),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    save.mutate({
      direction,
      letter_date: parseJalaliDate(date) ?? date,
      sender,
      recipient,
      subject,
      body,
    });
  };
  return (
    <FormDialog
      open
      title="نامهٔ تازه"
      busy={save.isPending}
      error={save.error && !Object.keys(fields).length ? save.error.message : undefined}
      onClose={onClose}
      onSubmit={submit}
    >
      <SelectField
        name="direction"
        label="نوع نامه"
        value={direction}
        onChange={(v) => setDirection(v as LetterDirection)}
        options={[
          { value: 'out', label: LETTER_DIRECTION_LABELS_FA.out },
          { value: 'in', label: LETTER_DIRECTION_LABELS_FA.in },
        ]}
        empty={null}
      />
      <JalaliField
        name="letter_date"
        label="تاریخ نامه"
        value={date}
        onChange={setDate}
        error={fields.letter_date?.[0]}
        required
      />
      <TextField
        name="sender"
        label="فرستنده"
        value={sender}
        onChange={setSender}
        error={fields.sender?.[0]}
        required
      />
      <TextField
        name="recipient"
        label="گیرنده"
        value={recipient}
        onChange={setRecipient}
        error={fields.recipient?.[0]}
        required
      />
      <TextField
        name="subject"
        label="موضوع نامه"
        value={subject}
        onChange={setSubject}
        error={fields.subject?.[0]}
        required
      />
      <TextField name="body" label="متن" value={body} onChange={setBody} multiline rows={6} />
      <Field label="پیوست‌ها" hint={ATTACHMENT_HINT}>
        <input
          type="file"
          name="attachments"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className={fileCss}
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </Field>
    </FormDialog>
  );
}
