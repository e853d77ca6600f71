import { type FormEvent, useState } from 'react';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import { Field } from '../field.tsx';
import { formatNumber } from '../format.ts';
import { Input } from '../input.tsx';
import { FormDialog } from '../managed-list.tsx';

/**
 * The row number typed into "go to row" (1-based, Persian or ASCII digits, separators allowed),
 * as a 0-based position; or a Persian message when it is not a row of the result.
 */
export function parseRowNumber(text: string, total: number): number | string {
  const plain = toAsciiDigits(text).replace(/[\s,٬،]/g, '');
  if (!/^\d+$/.test(plain)) return 'شماره ردیف را با رقم بنویسید';
  const n = Number(plain);
  if (n < 1 || n > total) return `شماره ردیف باید بین ۱ و ${formatNumber(total)} باشد`;
  return n - 1;
}

/** The `:` dialog: a row number, then the list focuses that row (its block read if need be). */
export function GoToRowDialog({
  open,
  total,
  onClose,
  onGo,
}: {
  open: boolean;
  total: number;
  onClose(): void;
  onGo(index: number): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const at = parseRowNumber(text, total);
    if (typeof at === 'string') {
      setError(at);
      return;
    }
    setText('');
    setError(null);
    onGo(at);
  };
  return (
    <FormDialog
      open={open}
      title="رفتن به ردیف"
      busy={false}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="برو"
    >
      <Field label={`شماره ردیف (۱ تا ${formatNumber(total)})`} error={error}>
        <Input
          autoFocus
          inputMode="numeric"
          dir="ltr"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
