import { HttpError } from '../http/errors.ts';

/**
 * The type of a file by its first bytes (magic numbers), not by its name or the type the browser
 * claimed: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, PDF `%PDF-`. Anything else is null.
 */
export type SniffedMime = 'image/jpeg' | 'image/png' | 'application/pdf';

const startsWith = (bytes: Uint8Array, sig: number[]) =>
  bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

export function sniffMime(bytes: Uint8Array): SniffedMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The usual file extension of a sniffed type. */
export const EXTENSION: Record<SniffedMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/**
 * A file name safe to store and to send back in Content-Disposition: the last path segment,
 * without control or quoting characters, at most 120 characters, ending in the extension of its
 * real type.
 */
export function safeFileName(raw: string | undefined, mime: SniffedMime, fallback = 'document'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      const control = code < 0x20 || code === 0x7f;
      const bidi = (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
      return !control && !bidi && !'"*:<>?|;'.includes(ch);
    })
    .join('')
    .trim()
    .replace(/\.[^.]*$/, '');
  const stem = (cleaned || fallback).slice(0, 110);
  return `${stem}.${EXTENSION[mime]}`;
}

/**
 * A Content-Disposition value for `fileName`: an ASCII fallback name plus the UTF-8 name
 * (RFC 6266 / 5987), `inline` for images and `attachment` otherwise.
 */
export function contentDisposition(fileName: string, mime: string): string {
  const kind = mime.startsWith('image/') ? 'inline' : 'attachment';
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot).replace(/[^.a-z0-9]/gi, '') : '';
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(/\.[^.]*$/, '')) ? ascii : `document${ext}`;
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The answer of a stored file's download: its bytes with their stored type and length, the
 * Content-Disposition of `fileName` (`contentDisposition`), never cached by proxies and never
 * sniffed by the browser. `bytes` null (the store no longer holds them) → the 404 `missing`.
 */
export function fileResponse(
  bytes: Uint8Array | null,
  file: { file_name: string; mime: string },
  missing: string,
): Response {
  if (!bytes) throw new HttpError(404, missing);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': file.mime,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(file.file_name, file.mime),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
