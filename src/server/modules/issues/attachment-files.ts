import type { AttachmentMime } from '../../../contract/issue-correspondence.ts';
import { safeFileName } from '../../files/sniff.ts';
import { sniffDocumentMime } from '../documents/mime.ts';

/**
 * What a letter's attachment is, judged by its bytes as documents are (documents/mime.ts: JPEG,
 * PNG, PDF, xlsx), and Word documents (docx): a ZIP (`PK\x03\x04`) whose entries include
 * `[Content_Types].xml` and `word/document.xml` (entry names are stored uncompressed in the
 * local file headers). Anything else is null: a renamed executable, HTML or script never passes.
 */

/** The MIME type of a Word document (Office Open XML). */
export const DOCX: AttachmentMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const EXTENSIONS: Record<AttachmentMime, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  [DOCX]: 'docx',
};

/** True when the ASCII text `needle` occurs in `bytes`. */
function hasAscii(bytes: Uint8Array, needle: string): boolean {
  const want = new TextEncoder().encode(needle);
  outer: for (let i = 0; i + want.length <= bytes.length; i++) {
    for (let j = 0; j < want.length; j++) if (bytes[i + j] !== want[j]) continue outer;
    return true;
  }
  return false;
}

/** The attachment type of `bytes` (see the module comment), or null when it is none of them. */
export function sniffAttachmentMime(bytes: Uint8Array): AttachmentMime | null {
  const known = sniffDocumentMime(bytes);
  if (known) return known;
  const zip = bytes.length > 30 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
  if (zip && hasAscii(bytes, '[Content_Types].xml') && hasAscii(bytes, 'word/document.xml')) return DOCX;
  return null;
}

/**
 * A safe stored file name (files/sniff.ts rules: the last path segment, no control, bidi or
 * quoting characters, at most 120 characters) ending in the extension of its real type:
 * `('../نامه ۱۲.PDF', 'application/pdf')` → `نامه ۱۲.pdf`; a name left empty becomes `attachment.<ext>`.
 */
export function attachmentFileName(raw: string | undefined, mime: AttachmentMime): string {
  // safeFileName ends the name in the extension of the type it is given: the stem is what we keep.
  const stem = safeFileName(raw, 'application/pdf', 'attachment').replace(/\.pdf$/, '');
  return `${stem}.${EXTENSIONS[mime]}`;
}
