import type { DocumentMime } from '../../../contract/documents.ts';
import { safeFileName, sniffMime } from '../../files/sniff.ts';

/**
 * The type of a document by its bytes: what files/sniff.ts recognises (JPEG, PNG, PDF) and
 * Office Open XML workbooks (xlsx): a ZIP (`PK\x03\x04`) whose entries include
 * `[Content_Types].xml` and `xl/workbook.xml` (entry names are stored uncompressed in the local
 * file headers). Anything else is null.
 */

export const XLSX: DocumentMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EXTENSIONS: Record<DocumentMime, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  [XLSX]: 'xlsx',
};

function hasAscii(bytes: Uint8Array, text: string): boolean {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function sniffDocumentMime(bytes: Uint8Array): DocumentMime | null {
  const basic = sniffMime(bytes);
  if (basic) return basic;
  const zip = bytes.length > 30 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
  if (zip && hasAscii(bytes, '[Content_Types].xml') && hasAscii(bytes, 'xl/workbook.xml')) return XLSX;
  return null;
}

/** A safe stored file name (files/sniff.ts rules) ending in the extension of its real type. */
export function documentFileName(raw: string | undefined, mime: DocumentMime, fallback: string): string {
  // safeFileName always ends the name in `.pdf` for this type; the stem is what we keep.
  const stem = safeFileName(raw, 'application/pdf', fallback).replace(/\.pdf$/, '');
  return `${stem}.${EXTENSIONS[mime]}`;
}
