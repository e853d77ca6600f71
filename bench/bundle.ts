import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser loads for the sign-in route of the built client (dist/client): the
 * entry script and modulepreloads named in index.html, plus the lazily loaded `login*` route
 * chunks and everything they import statically. Sizes are gzip (level 9, as a server would send
 * precompressed files); null when dist/client/index.html is missing.
 */
export function signInBundle(clientDir: string) {
  const indexPath = join(clientDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const entry = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)) entry.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)) entry.add(m[1]!);
  const assets = join(clientDir, 'assets');
  const lazy = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => /^login[-.]/.test(f) && f.endsWith('.js'))
        .map((f) => `assets/${f}`)
    : [];
  const all = new Set<string>();
  const visit = (file: string) => {
    if (all.has(file) || !existsSync(join(clientDir, file))) return;
    all.add(file);
    const code = readFileSync(join(clientDir, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g)) {
      visit(dir + m[1]!.slice(2));
    }
  };
  for (const f of entry) visit(f);
  const entryFiles = new Set(all);
  for (const f of lazy) visit(f);
  const size = (files: Iterable<string>) => {
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const buf = readFileSync(join(clientDir, f));
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    return { raw, gz };
  };
  const e = size(entryFiles);
  const s = size(all);
  return {
    entry_files: entryFiles.size,
    entry_raw_bytes: e.raw,
    entry_gzip_bytes: e.gz,
    signin_files: all.size,
    signin_raw_bytes: s.raw,
    signin_gzip_bytes: s.gz,
  };
}
