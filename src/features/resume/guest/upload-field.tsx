import { useId, useState } from 'react';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_TYPE_LABELS,
  type ResumeDocument,
  type ResumeDocumentType,
} from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { guestCall, guestEffects, useGuest } from './guest-context.tsx';
import * as s from './styles.ts';

const KINDS: Record<string, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'application/pdf': 'PDF' };

/** «JPG، PNG یا PDF، حداکثر ۲ مگابایت» for a document type. */
export function limitHint(type: ResumeDocumentType): string {
  const l = DOCUMENT_LIMITS[type];
  const kinds = l.mimes.map((m) => KINDS[m] ?? m).join('، ');
  return `${kinds}؛ حداکثر ${toPersianDigits(l.maxBytes / 1024 / 1024)} مگابایت`;
}

/** Checks a file against the type's limits before it is sent (the server checks the bytes too). */
export function checkFile(type: ResumeDocumentType, file: File): string | null {
  const l = DOCUMENT_LIMITS[type];
  if (!l.mimes.includes(file.type)) return `نوع پرونده پذیرفته نیست (${limitHint(type)})`;
  if (file.size > l.maxBytes) return `اندازه پرونده بیش از اندازه مجاز است (${limitHint(type)})`;
  return null;
}

/**
 * A file input that uploads at once (POST /api/person/resume/documents) and reports the new
 * document list; a 401 ends the guest session through the machine.
 */
export function UploadField({
  type,
  label,
  error,
  onUploaded,
}: {
  type: ResumeDocumentType;
  label?: string;
  error?: string;
  onUploaded(doc: ResumeDocument): void;
}) {
  const { send } = useGuest();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const shown = message ?? error;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkFile(type, file);
    setMessage(refused);
    if (refused) return;
    setBusy(true);
    try {
      const doc = await guestCall(send, () => guestEffects.guestFiles.upload(type, file, file.name));
      onUploaded(doc);
    } catch (err) {
      const e = err as { status?: number; message?: string; fields?: Record<string, string[]> };
      if (e.status !== 401)
        setMessage(e.fields?.file?.[0] ?? e.fields?.type?.[0] ?? e.message ?? 'بارگذاری نشد');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.fieldset}>
      <span className={s.legend}>{label ?? DOCUMENT_TYPE_LABELS[type]}</span>
      <label htmlFor={id} className={s.fileButton} data-busy={busy || undefined}>
        {busy ? 'در حال بارگذاری…' : 'انتخاب پرونده'}
        <span className={s.srOnly}>{` (${label ?? DOCUMENT_TYPE_LABELS[type]})`}</span>
      </label>
      <input
        id={id}
        className={s.fileInput}
        type="file"
        name={`file-${type}`}
        accept={DOCUMENT_LIMITS[type].mimes.join(',')}
        disabled={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <span id={`${id}-note`} className={shown ? s.fieldError : s.hint} role={shown ? 'alert' : undefined}>
        {busy ? 'در حال بارگذاری…' : (shown ?? limitHint(type))}
      </span>
    </div>
  );
}

/** The address of a guest's own document (GET /api/person/resume/documents/{id}). */
export const ownDocumentUrl = (id: number) => `/api/person/resume/documents/${id}`;
