import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../http/list.ts';
import { type BlobStore, isReferenced, isSha256, sha256Hex } from './store.ts';

export interface LegacyImport {
  /** Files a row names, now in the store (copied, or already there) and removed from the disk. */
  imported: number;
  /** Files no row names: left where they are. */
  unnamed: number;
  /** Files whose bytes do not match their name: left where they are (and reported). */
  damaged: string[];
}

/**
 * The one-time move of files that earlier versions kept on the local disk, under
 * `${dataDir}/files/<first two hex digits>/<sha256>`, into `store`: each file a row names is
 * checked against its name, put in the store (one short transaction each) and then removed from
 * the disk. Idempotent: a second run finds nothing to move; no `files` folder is no work. Files no
 * row names, and damaged ones, stay on the disk untouched.
 */
export async function importLegacyFiles(db: Db, store: BlobStore, dataDir: string): Promise<LegacyImport> {
  const root = join(resolve(dataDir), 'files');
  const result: LegacyImport = { imported: 0, unnamed: 0, damaged: [] };
  for (const dir of await listDir(root)) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    for (const name of await listDir(join(root, dir))) {
      if (!isSha256(name) || !name.startsWith(dir)) continue;
      const path = join(root, dir, name);
      const [named] = await queryRows<{ yes: boolean }>(db, sql`SELECT ${isReferenced(sql`${name}`)} AS yes`);
      if (!named?.yes) {
        result.unnamed += 1;
        continue;
      }
      if (!(await store.has(db, name))) {
        const bytes = new Uint8Array(await readFile(path));
        if (sha256Hex(bytes) !== name) {
          result.damaged.push(path);
          continue;
        }
        await db.transaction((tx: Db) => store.put(tx, bytes));
      }
      await rm(path, { force: true });
      result.imported += 1;
    }
    await rmdir(join(root, dir)).catch(() => {}); // only when emptied
  }
  await rmdir(root).catch(() => {});
  return result;
}

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return [];
    throw err;
  }
}
