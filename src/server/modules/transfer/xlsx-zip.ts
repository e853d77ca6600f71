import { Readable } from 'node:stream';
import { type Entry, fromBufferPromise, type ZipFile } from 'yauzl';

/**
 * The ZIP layer of an uploaded .xlsx, read so that a hostile file cannot make the server inflate
 * more than it chose to.
 *
 * Reading is yauzl's (a maintained ZIP reader, 3.x; its one advisory, GHSA-gmq8-994r-jv83, hit
 * 3.2.0 only). `openZip` lists the central directory without inflating anything: names and
 * declared sizes (`uncompressedSize`), which the caller bounds (parse-sheet.ts). yauzl refuses
 * multi-disk archives, headers pointing past the end, a stored entry whose two sizes differ; we
 * refuse encrypted entries and methods other than stored and deflate. ZIP64 is read like any
 * archive (yauzl does not mark it): the bound on declared sizes is what matters. Inflating a
 * chosen entry is yauzl's too, with `validateEntrySizes` (its default): the stream fails as soon
 * as an entry gives more bytes than it declared (a lying header is the classic zip bomb), or when
 * it ends short.
 *
 * ExcelJS's streaming reader then takes only a ZIP stream, which it inflates with unzipper (without
 * any bound), and needs the parts in a certain order (parse-sheet.ts). So `storedZip` re-packs the
 * chosen entries, in that order, *stored*: unzipper finds nothing left to inflate. That writing
 * (a local header per entry, an end record) stays ours, because the ZIP writers (yazl,
 * zip-stream) declare sizes in a local header only for data they hold whole, and write a stream
 * behind a data descriptor, whose end unzipper finds by scanning for the descriptor's signature:
 * a hostile part could end early there and have its remaining bytes read as a further entry,
 * which unzipper would inflate without bound. Holding every part whole instead would keep up to
 * the whole bound (128 MiB) in memory and hand ExcelJS each part as one chunk, on which its XML
 * parser reports every bad character before stopping (tens of seconds for a few MB of junk,
 * against milliseconds streamed). parse-sheet.test.ts tries both ways in.
 */

/** A ZIP the reader will not read; `reason` is for logs, the caller answers in Persian. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: 'malformed' | 'unsupported' | 'larger-than-declared',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** An archive opened by yauzl: its entries (central directory order) and the handle to inflate them. */
export interface ZipArchive {
  entries: Entry[];
  zipfile: ZipFile;
}

/** A yauzl error as a `ZipRefused` (an entry inflating past its declared size has its own reason). */
function refusalOf(e: unknown): ZipRefused {
  if (e instanceof ZipRefused) return e;
  const message = e instanceof Error ? e.message : String(e);
  // yauzl's AssertByteCountStream (validateEntrySizes); pinned by parse-sheet.test.ts.
  return message.startsWith('too many bytes in the stream')
    ? new ZipRefused('larger-than-declared', message)
    : new ZipRefused('malformed', message);
}

/**
 * The archive in `bytes`, listed (nothing inflated). Throws `ZipRefused` when yauzl cannot read
 * it, or an entry is encrypted or compressed by a method other than stored (0) and deflate (8).
 */
export async function openZip(bytes: Uint8Array): Promise<ZipArchive> {
  const entries: Entry[] = [];
  let zipfile: ZipFile;
  try {
    zipfile = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    for await (const entry of zipfile.eachEntry()) entries.push(entry);
  } catch (e) {
    throw refusalOf(e);
  }
  for (const e of entries) {
    if (!e.canDecodeFileData()) {
      const what = e.isEncrypted() ? 'encrypted' : `method ${e.compressionMethod} of`;
      throw new ZipRefused('unsupported', `${what} ${e.fileName}`);
    }
  }
  return { entries, zipfile };
}

/** An entry of `storedZip`: one of the archive's, or content supplied by the caller. */
export type StoredPart = { entry: Entry } | { name: string; content: string };

/**
 * A stored entry's local file header (APPNOTE.TXT 6.3.10, §4.3.7; little-endian): version 2.0,
 * flags: UTF-8 name (bit 11) and *no* data descriptor (bit 3), method 0 (stored), 1980-01-01,
 * CRC-32 left 0 (unzipper does not check it), `size` as both sizes.
 */
function storedHeader(name: Buffer, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6);
  h.writeUInt16LE(0x21, 12);
  h.writeUInt32LE(size, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return h;
}

/**
 * A readable ZIP of `parts`, in that order, every one stored: a local header with the entry's
 * declared size, then its bytes as yauzl inflates them (exactly that many, or the stream fails
 * with `ZipRefused`); at the end, an end of central directory record (§4.3.16) listing nothing,
 * where unzipper stops. Inflating follows the reader's pace; destroying the stream stops it.
 */
export function storedZip(archive: ZipArchive, parts: StoredPart[]): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    for (const part of parts) {
      if ('content' in part) {
        const [name, content] = [Buffer.from(part.name), Buffer.from(part.content)];
        yield Buffer.concat([storedHeader(name, content.length), name, content]);
        continue;
      }
      const name = Buffer.from(part.entry.fileName);
      yield Buffer.concat([storedHeader(name, part.entry.uncompressedSize), name]);
      try {
        yield* await archive.zipfile.openReadStreamPromise(part.entry);
      } catch (e) {
        throw refusalOf(e);
      }
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    yield end;
  }
  return Readable.from(generate(), { objectMode: false });
}
