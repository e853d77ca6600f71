import { BAD_DATES, PROTO_NAMES } from './fuzz-breakers.ts';

/** Multipart bodies for the OpenAPI fuzz test, well formed and broken in 17 ways. */

export interface FormPart {
  name: string;
  data: Uint8Array | string;
  filename?: string;
  type?: string;
}

const enc = new TextEncoder();
const bytesOf = (d: Uint8Array | string) => (typeof d === 'string' ? enc.encode(d) : d);

function concat(chunks: (Uint8Array | string)[]): Uint8Array {
  const parts = chunks.map(bytesOf);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A multipart/form-data body of `parts` with `boundary` (options break it). */
export function multipartBody(
  parts: FormPart[],
  boundary: string,
  opts: { eol?: string; close?: boolean; disposition?: boolean } = {},
): Uint8Array {
  const eol = opts.eol ?? '\r\n';
  const chunks: (Uint8Array | string)[] = [];
  for (const p of parts) {
    chunks.push(`--${boundary}${eol}`);
    if (opts.disposition !== false) {
      chunks.push(
        `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}${eol}`,
      );
    }
    if (p.type) chunks.push(`Content-Type: ${p.type}${eol}`);
    chunks.push(eol, p.data, eol);
  }
  if (opts.close !== false) chunks.push(`--${boundary}--${eol}`);
  return concat(chunks);
}

export const SAMPLE_FILES: Record<string, () => Uint8Array> = {
  jpeg: () =>
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(64).fill(7)]),
  png: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(3)]),
  pdf: () => enc.encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  zip: () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...new Array(40).fill(0)]),
  csv: () => enc.encode('name,national_id,registration_date\n"a\u0000b",2147483648,2024-02-30\n'),
  csvHostile: () =>
    enc.encode(`${PROTO_NAMES.join(',')}\n${BAD_DATES.slice(0, PROTO_NAMES.length).join(',')}\n`),
  empty: () => new Uint8Array(),
  nul: () => new Uint8Array(64),
};

export type MultipartBreak =
  | 'valid'
  | 'no-boundary'
  | 'empty-boundary'
  | 'wrong-boundary'
  | 'truncated'
  | 'no-close'
  | 'no-disposition'
  | 'bad-disposition'
  | 'lf-only'
  | 'garbage'
  | 'empty'
  | 'proto-names'
  | 'huge-part'
  | 'long-boundary'
  | 'many-parts'
  | 'headers-only'
  | 'non-utf8-name';

export const MULTIPART_BREAKS: MultipartBreak[] = [
  'valid',
  'no-boundary',
  'empty-boundary',
  'wrong-boundary',
  'truncated',
  'no-close',
  'no-disposition',
  'bad-disposition',
  'lf-only',
  'garbage',
  'empty',
  'proto-names',
  'huge-part',
  'long-boundary',
  'many-parts',
  'headers-only',
  'non-utf8-name',
];

/**
 * The bytes and content type of a multipart body holding `parts`, broken as `how` says;
 * `cut` (0..1) is where a truncated body ends, `noise` seeds the garbage.
 */
export function brokenMultipart(
  parts: FormPart[],
  how: MultipartBreak,
  cut: number,
  noise: Uint8Array,
): { body: Uint8Array; contentType: string } {
  const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const ct = `multipart/form-data; boundary=${b}`;
  const body = (opts?: Parameters<typeof multipartBody>[2], ps = parts) => multipartBody(ps, b, opts);
  switch (how) {
    case 'valid':
      return { body: body(), contentType: ct };
    case 'no-boundary':
      return { body: body(), contentType: 'multipart/form-data' };
    case 'empty-boundary':
      return { body: body(), contentType: 'multipart/form-data; boundary=' };
    case 'wrong-boundary':
      return { body: body(), contentType: 'multipart/form-data; boundary=somethingElse123' };
    case 'truncated': {
      const full = body();
      return { body: full.slice(0, Math.max(1, Math.floor(full.length * cut))), contentType: ct };
    }
    case 'no-close':
      return { body: body({ close: false }), contentType: ct };
    case 'no-disposition':
      return { body: body({ disposition: false }), contentType: ct };
    case 'bad-disposition':
      return {
        body: concat([
          `--${b}\r\nContent-Disposition: form-data; name="unterminated\r\n\r\nx\r\n--${b}--\r\n`,
        ]),
        contentType: ct,
      };
    case 'lf-only':
      return { body: body({ eol: '\n' }), contentType: ct };
    case 'garbage':
      return { body: noise, contentType: ct };
    case 'empty':
      return { body: new Uint8Array(), contentType: ct };
    case 'proto-names':
      return {
        body: body(undefined, [...parts, ...PROTO_NAMES.map((name) => ({ name, data: 'x' }))]),
        contentType: ct,
      };
    case 'huge-part':
      return {
        body: body(undefined, [
          ...parts,
          {
            name: 'file',
            filename: 'big.bin',
            type: 'application/octet-stream',
            data: new Uint8Array(1024 * 1024),
          },
        ]),
        contentType: ct,
      };
    case 'long-boundary': {
      const long = 'x'.repeat(300);
      return { body: multipartBody(parts, long), contentType: `multipart/form-data; boundary=${long}` };
    }
    case 'many-parts':
      return {
        body: body(
          undefined,
          Array.from({ length: 2_000 }, (_, i) => ({ name: `f${i % 7}`, data: '1' })),
        ),
        contentType: ct,
      };
    case 'headers-only':
      return { body: concat([`--${b}\r\nContent-Disposition: form-data; name="a"`]), contentType: ct };
    case 'non-utf8-name':
      return {
        body: concat([
          `--${b}\r\nContent-Disposition: form-data; name="`,
          new Uint8Array([0xff, 0xfe, 0xc3, 0x28]),
          `"\r\n\r\nx\r\n--${b}--\r\n`,
        ]),
        contentType: ct,
      };
  }
}
