import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LetterAttachment } from '~/contract/issue-correspondence.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { toast } from '~/ui/toaster.tsx';
import {
  ATTACHMENT_ACCEPT,
  attachmentUrl,
  correspondenceKeys,
  removeAttachment,
  uploadAttachment,
} from './correspondence-api.ts';

/** A letter's attachments on the issue view: download links, removal, and the upload of more. */

const list = css({ display: 'flex', flexWrap: 'wrap', gap: '1', m: 0, p: 0, listStyle: 'none' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  paddingInline: '1.5',
  borderRadius: '4px',
  bg: 'subtle',
  fontSize: '12px',
  '& a': { color: 'first.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } },
});
const remove = css({
  border: 'none',
  bg: 'transparent',
  color: 'muted',
  cursor: 'pointer',
  paddingInline: '0.5',
  borderRadius: '2px',
  fontSize: '14px',
  lineHeight: 1,
  _hover: { color: 'danger' },
});
const hiddenInput = css({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  opacity: 0,
  pointerEvents: 'none',
});

/** The Persian reason a file was refused (the server's field message, else its message). */
export function refusalOf(e: unknown): string {
  if (e instanceof ApiError) return e.fields?.file?.[0] ?? e.message;
  return 'ارتباط با سرور برقرار نشد';
}

/**
 * Uploads `files` to a letter one by one; toasts each refusal (the letter stays as it is) and the
 * count added; refreshes the issue's attachments. Resolves to how many were added.
 */
export async function uploadAll(
  issueId: number,
  letterId: number,
  files: readonly File[],
  refresh: () => Promise<unknown>,
): Promise<number> {
  let added = 0;
  for (const file of files) {
    try {
      await uploadAttachment(issueId, letterId, file);
      added++;
    } catch (e) {
      toast.negative(`پیوست «${file.name}» پذیرفته نشد: ${refusalOf(e)}`);
    }
  }
  await refresh();
  return added;
}

/** A file picker that stays reachable by script (not `display: none`) and out of the tab order. */
export function HiddenFileInput({
  inputRef,
  onFiles,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFiles(files: File[]): void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      accept={ATTACHMENT_ACCEPT}
      tabIndex={-1}
      aria-hidden="true"
      className={hiddenInput}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}

/** The upload of more files to the letter a row picks (`pick(letterId)` opens the picker). */
export function useAttachPicker(issueId: number) {
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const target = useRef<number | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = (letterId: number) => {
    target.current = letterId;
    inputRef.current?.click();
  };
  const onFiles = async (files: File[]) => {
    const letterId = target.current;
    if (letterId === null) return;
    setBusy(true);
    try {
      const added = await uploadAll(issueId, letterId, files, () =>
        client.invalidateQueries({ queryKey: correspondenceKeys.attachments(issueId) }),
      );
      if (added)
        toast.positive(added === 1 ? 'پیوست افزوده شد' : `${toPersianDigits(added)} پیوست افزوده شد`);
    } finally {
      setBusy(false);
    }
  };
  return { pick, busy, input: <HiddenFileInput inputRef={inputRef} onFiles={onFiles} /> };
}

export interface AttachmentListProps {
  issueId: number;
  attachments: readonly LetterAttachment[];
  /** The role may remove them. */
  mayChange: boolean;
}

/** A letter's files: each a download link named by its file, with a remove button that asks first. */
export function AttachmentList({ issueId, attachments, mayChange }: AttachmentListProps) {
  const client = useQueryClient();
  const [removing, setRemoving] = useState<LetterAttachment | null>(null);
  const [busy, setBusy] = useState(false);
  if (attachments.length === 0) return <span className={css({ color: 'muted' })}>—</span>;
  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeAttachment(issueId, removing);
      toast.positive(`پیوست «${removing.file_name}» حذف شد`);
      await client.invalidateQueries({ queryKey: correspondenceKeys.attachments(issueId) });
    } catch {
      // the error catalogue has toasted the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ul className={list} aria-label="پیوست‌ها">
        {attachments.map((a) => (
          <li key={a.id} className={chip}>
            <a href={attachmentUrl(issueId, a)} download={a.file_name} aria-label={`دریافت ${a.file_name}`}>
              <bdi>{a.file_name}</bdi>
            </a>
            {mayChange && (
              <button
                type="button"
                className={remove}
                aria-label={`حذف پیوست ${a.file_name}`}
                onClick={() => setRemoving(a)}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {mayChange && (
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          tone="danger"
          busy={busy}
          title="پیوست حذف شود؟"
          description={removing && `«${removing.file_name}» از پیوست‌های این نامه حذف می‌شود.`}
          confirmLabel="حذف"
          onConfirm={confirm}
        />
      )}
    </>
  );
}
