import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The content-addressed file store: every file is kept once, named by the SHA-256 of its bytes,
 * under `${DATA_DIR}/files/<first two hex digits>/<sha256>`. Owner-agnostic: what a file belongs
 * to (a resume document, a company's document…) and its display name and type live in the
 * database; the store only keeps bytes. Writing the same content twice stores it once. Writes are
 * atomic (a temporary file in the same directory, then rename), so a reader never sees half a
 * file and a crash leaves at most a stray `.tmp-*` file. Files are never deleted here, because
 * other rows may share the same content.
 */

const HEX64 = /^[0-9a-f]{64}$/;

export interface StoredFile {
  /** SHA-256 of the content, lower-case hex: the file's name in the store. */
  sha256: string;
  /** Bytes. */
  size: number;
}

/** The SHA-256 (hex) of `bytes`. */
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The absolute path of the file with hash `sha256` under `dataDir`; throws on a malformed hash. */
export function storedPath(dataDir: string, sha256: string): string {
  if (!HEX64.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return join(resolve(dataDir), 'files', sha256.slice(0, 2), sha256);
}

/** Stores `bytes` (once per content) and returns its hash and size. */
export async function putFile(dataDir: string, bytes: Uint8Array): Promise<StoredFile> {
  const sha256 = sha256Hex(bytes);
  const path = storedPath(dataDir, sha256);
  if (!(await exists(path))) {
    const dir = join(path, '..');
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.tmp-${sha256.slice(0, 8)}-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }
  return { sha256, size: bytes.byteLength };
}

/** True when the store holds the content with hash `sha256`. */
export async function hasFile(dataDir: string, sha256: string): Promise<boolean> {
  return exists(storedPath(dataDir, sha256));
}

/** The bytes stored under `sha256`, or null when the store does not hold them. */
export async function readStoredFile(dataDir: string, sha256: string): Promise<Buffer | null> {
  try {
    return await readFile(storedPath(dataDir, sha256));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A read stream of the content under `sha256`, or null when the store does not hold it. */
export async function storedFileStream(dataDir: string, sha256: string): Promise<ReadStream | null> {
  const path = storedPath(dataDir, sha256);
  return (await exists(path)) ? createReadStream(path) : null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
