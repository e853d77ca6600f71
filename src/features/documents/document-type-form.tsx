import { useId } from 'react';
import { css } from 'styled-system/css';
import {
  DOCUMENT_MIME_TITLES,
  DOCUMENT_MIMES,
  type DocumentMime,
  type DocumentType,
  documentTypeInput,
  OWNER_TYPE_TITLES,
  OWNER_TYPES,
  type OwnerType,
} from '~/contract/documents.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { Input } from '~/ui/input.tsx';
import { checkRow, FormDialog } from '~/ui/managed-list.tsx';
import { createDocumentType, updateDocumentType } from './api.ts';

const MB = 1024 * 1024;
const errorCss = css({ color: 'danger', fontSize: '12px' });

interface Values {
  name: string;
  owner_types: OwnerType[];
  /** Megabytes as typed (Persian digits and a decimal point accepted). */
  max_mb: string;
  mime_types: DocumentMime[];
}

/** Megabytes typed → bytes (NaN when not a number, which the schema refuses). */
const toBytes = (mb: string) => Math.round(Number(toAsciiDigits(mb).replace('٫', '.').trim() || 'x') * MB);

interface DocumentTypeFormProps {
  row: DocumentType | null;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a document type: name, owner types, the largest file (MB) and the accepted file types. */
export function DocumentTypeForm({ row, onClose, onSaved }: DocumentTypeFormProps) {
  const id = useId();
  const form = useForm({
    schema: documentTypeInput,
    initial: {
      name: row?.name ?? '',
      owner_types: row?.owner_types ?? ['legal'],
      max_mb: toPersianDigits(String(Math.round(((row?.max_bytes ?? 5 * MB) / MB) * 100) / 100)),
      mime_types: row?.mime_types ?? ['application/pdf'],
    } as Values,
    save: (data) => (row ? updateDocumentType(row.id, data) : createDocumentType(data)),
    onSaved,
    prepare: ({ max_mb, ...v }: Values) => ({ ...v, max_bytes: toBytes(max_mb) }),
  });
  const { values, set, errors } = form;
  const toggle = <K extends 'owner_types' | 'mime_types'>(key: K, item: Values[K][number], on: boolean) =>
    set(key, (on ? [...values[key], item] : values[key].filter((x) => x !== item)) as Values[K]);
  return (
    <FormDialog
      open
      title={row ? 'ویرایش نوع مستند' : 'نوع مستند تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label="نام" error={errors.name} required hint="حداکثر ۸۰ نویسه، یکتا">
        <Input
          id={`${id}-name`}
          value={values.name}
          maxLength={100}
          autoFocus
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <Field label="حداکثر حجم (مگابایت)" error={errors.max_bytes} required hint="تا ۱۵ مگابایت">
        <Input
          id={`${id}-size`}
          ltr
          inputMode="decimal"
          value={values.max_mb}
          maxLength={10}
          style={{ width: '120px' }}
          onChange={(e) => set('max_mb', e.target.value)}
        />
      </Field>
      <fieldset className={checkRow} aria-describedby={errors.owner_types ? `${id}-owners-error` : undefined}>
        <legend>دارنده‌ها</legend>
        {OWNER_TYPES.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={values.owner_types.includes(t)}
              onChange={(e) => toggle('owner_types', t, e.target.checked)}
            />{' '}
            {OWNER_TYPE_TITLES[t]}
          </label>
        ))}
        {errors.owner_types && (
          <span id={`${id}-owners-error`} role="alert" className={errorCss}>
            {errors.owner_types[0]}
          </span>
        )}
      </fieldset>
      <fieldset className={checkRow} aria-describedby={errors.mime_types ? `${id}-mimes-error` : undefined}>
        <legend>نوع‌های پرونده پذیرفته</legend>
        {DOCUMENT_MIMES.map((m) => (
          <label key={m}>
            <input
              type="checkbox"
              checked={values.mime_types.includes(m)}
              onChange={(e) => toggle('mime_types', m, e.target.checked)}
            />{' '}
            {DOCUMENT_MIME_TITLES[m]}
          </label>
        ))}
        {errors.mime_types && (
          <span id={`${id}-mimes-error`} role="alert" className={errorCss}>
            {errors.mime_types[0]}
          </span>
        )}
      </fieldset>
    </FormDialog>
  );
}
