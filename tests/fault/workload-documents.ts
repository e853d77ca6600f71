import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DocumentItem, DocumentMime } from '../../src/contract/documents.ts';
import { normalizePersian } from '../../src/domain/persian-text.ts';
import type { Rng } from '../../src/domain/random.ts';
import { documentFileName } from '../../src/server/modules/documents/mime.ts';
import type { ApiClient } from '../support/api-client.ts';
import {
  compareAudits,
  diff,
  type FaultRun,
  multipart,
  newVerdict,
  type Snapshot,
  sleep,
  type Verdict,
  type Write,
} from './fault-kit.ts';

/**
 * Document uploads (multipart POST /api/person/{legal|true}-persons/:id/documents), 2 KB–1.5 MB
 * of random bytes behind a PDF or PNG signature, on seeded persons. An upload writes the file's
 * bytes to the file store and the document row with its audit row.
 *
 * The check is independent of where the bytes live: every document row of the run must come back
 * through the API's download with exactly the bytes uploaded (length and SHA-256); an
 * acknowledged upload must be there with every field it answered; an unacknowledged one all there or
 * not at all; and the store must hold no content of the run's uploads that no row names (an
 * orphan). The store is found at run time: the table `file_blobs` (bytes in the database, written
 * in the row's transaction) or the legacy folder `${DATA_DIR}/files` (bytes written before the
 * transaction), whichever exists; both are checked when both exist.
 */

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const DOC_PREFIX = normalizePersian('سند پایداری');

interface Upload {
  write: Write;
  title: string;
  ownerType: 'legal' | 'true';
  ownerId: number;
  typeId: number;
  typeName: string;
  bytes: Uint8Array;
  sha256: string;
  mime: DocumentMime;
  fileName: string;
}

export interface DocumentRefs {
  legal: number[];
  natural: number[];
  /** Document types by owner type (all accept PDF and PNG). */
  types: { legal: { id: number; name: string }[]; true: { id: number; name: string }[] };
}

export class DocumentBook {
  readonly uploads: Upload[] = [];
  /** What the API answered for each upload after the run, by title. */
  readonly served = new Map<string, { id: number; status: number; same: boolean; size: number }>();
}

/** `size` bytes behind the signature of `mime`, the rest random. */
function fileBytes(rng: Rng, mime: 'application/pdf' | 'image/png', size: number): Uint8Array {
  const head =
    mime === 'application/pdf'
      ? new TextEncoder().encode('%PDF-1.4\n')
      : new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.length; i < size; i += 4) {
    const x = Math.floor(rng.next() * 0x1_0000_0000);
    for (let k = 0; k < 4 && i + k < size; k++) bytes[i + k] = (x >>> (8 * k)) & 0xff;
  }
  return bytes;
}

export async function documentsWorker(
  run: FaultRun,
  c: ApiClient,
  name: string,
  book: DocumentBook,
  refs: DocumentRefs,
) {
  const rng = run.rng(name);
  let n = 0;
  while (run.writing) {
    n++;
    const ownerType = rng.chance(0.7) ? 'legal' : 'true';
    const ownerId = rng.pick(ownerType === 'legal' ? refs.legal : refs.natural);
    const type = rng.pick(refs.types[ownerType]);
    const mime = rng.chance(0.6) ? 'application/pdf' : 'image/png';
    const bytes = fileBytes(rng, mime, rng.int(2_000, 1_500_000));
    const raw = `سند ${n} از ${name}.${mime === 'application/pdf' ? 'pdf' : 'png'}`;
    const title = `${DOC_PREFIX} ${name}-${n}`;
    const body = await multipart({ document_type_id: String(type.id), title }, { bytes, name: raw });
    const segment = ownerType === 'legal' ? 'legal-persons' : 'true-persons';
    const w = await run.write(
      c,
      'document.upload',
      'POST',
      `/api/person/${segment}/${ownerId}/documents`,
      body,
    );
    book.uploads.push({
      write: w,
      title,
      ownerType,
      ownerId,
      typeId: type.id,
      typeName: type.name,
      bytes,
      sha256: sha256Hex(bytes),
      mime,
      fileName: documentFileName(raw, mime, 'document'),
    });
    if (w.outcome !== 'acked') await sleep(300);
  }
}

/**
 * After the run, with the server up: every document of the run's owners as the API lists it, and
 * its bytes as the API serves them, compared with what was uploaded under that title.
 */
export async function downloadBack(c: ApiClient, baseUrl: string, book: DocumentBook) {
  const owners = new Set(book.uploads.map((u) => `${u.ownerType}:${u.ownerId}`));
  const cookie = () => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  for (const owner of owners) {
    const [type, id] = owner.split(':');
    const res = await c.get(
      `/api/person/${type === 'legal' ? 'legal-persons' : 'true-persons'}/${id}/documents`,
    );
    if (res.status !== 200)
      throw new Error(`documents of ${owner}: ${res.status} ${JSON.stringify(res.body)}`);
    for (const doc of res.body.data as DocumentItem[]) {
      if (!doc.title.startsWith(DOC_PREFIX)) continue;
      const upload = book.uploads.find((u) => u.title === doc.title);
      const file = await fetch(`${baseUrl}/api/documents/${doc.id}/file`, { headers: { cookie: cookie() } });
      const bytes = new Uint8Array(await file.arrayBuffer());
      book.served.set(doc.title, {
        id: doc.id,
        status: file.status,
        size: bytes.byteLength,
        same:
          file.status === 200 &&
          !!upload &&
          bytes.byteLength === upload.bytes.byteLength &&
          sha256Hex(bytes) === upload.sha256,
      });
    }
  }
}

interface DocRow {
  id: number;
  owner_type: string;
  owner_id: number;
  document_type_id: number;
  title: string;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded_by: number | null;
}

/** What the file store holds that no row names, wherever it keeps bytes. */
export interface StoreFindings {
  store: string;
  /** Content of the run's uploads that no row names (must be none). */
  orphans: string[];
  /** Other unnamed content, present before the run (seeded data): reported, not a failure. */
  otherUnnamed: number;
  /** Half-written temporary files of the legacy folder store. */
  tempFiles: string[];
}

export async function checkStore(
  snap: Snapshot,
  dataRoot: string,
  book: DocumentBook,
): Promise<StoreFindings> {
  const ours = new Map(book.uploads.map((u) => [u.sha256, u]));
  const named = new Set(
    (
      await snap.q<{ sha256: string }>(
        sql`SELECT sha256 FROM documents UNION SELECT sha256 FROM resume_documents`,
      )
    ).map((r) => r.sha256),
  );
  const out: StoreFindings = { store: '', orphans: [], otherUnnamed: 0, tempFiles: [] };
  const stores: string[] = [];
  const unnamed: string[] = [];
  const [table] = await snap.q<{ present: boolean }>(
    sql`SELECT to_regclass('public.file_blobs') IS NOT NULL AS present`,
  );
  if (table?.present) {
    stores.push('table file_blobs');
    const rows = await snap.q<{ sha256: string }>(sql`SELECT sha256 FROM file_blobs`);
    unnamed.push(...rows.map((r) => r.sha256).filter((s) => !named.has(s)));
  }
  const folder = join(dataRoot, 'files');
  if (existsSync(folder)) {
    stores.push(`folder ${folder}`);
    for (const dir of readdirSync(folder)) {
      for (const name of readdirSync(join(folder, dir))) {
        if (name.startsWith('.tmp-')) out.tempFiles.push(join(dir, name));
        else if (!named.has(name)) unnamed.push(name);
      }
    }
  }
  out.store = stores.join(' and ') || 'none found (no file_blobs table, no DATA_DIR/files folder)';
  for (const sha of unnamed) {
    const u = ours.get(sha);
    if (u)
      out.orphans.push(`${sha.slice(0, 12)}… of upload «${u.title}» [${u.write.rid}, ${u.write.outcome}]`);
    else out.otherUnnamed++;
  }
  return out;
}

export async function verifyDocuments(
  snap: Snapshot,
  book: DocumentBook,
  store: StoreFindings,
  userId: number,
): Promise<Verdict[]> {
  const v = newVerdict('document.upload');
  const rows = await snap.q<DocRow>(
    sql`SELECT id, owner_type, owner_id, document_type_id, title, file_name, mime, size, sha256, uploaded_by
        FROM documents WHERE title LIKE ${`${DOC_PREFIX}%`} ORDER BY id`,
  );
  const byTitle = new Map(rows.map((r) => [r.title, r]));
  for (const u of book.uploads) {
    const w = u.write;
    const row = byTitle.get(u.title);
    byTitle.delete(u.title);
    const served = book.served.get(u.title);
    const audits = snap.audits.get(w.rid) ?? [];
    const tag = `document «${u.title}» (${u.bytes.byteLength} bytes) [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
    if (w.outcome === 'acked') v.acked++;
    if (!row && audits.length === 0) {
      if (w.outcome === 'acked')
        v.lost.push(`${tag}: acknowledged, but neither its row nor its audit row is there`);
      else if (w.outcome === 'unsure') v.unsureAbsent++;
      continue;
    }
    if (w.outcome === 'refused' || w.outcome === 'not_sent') {
      v.half.push(`${tag}: ${w.outcome === 'refused' ? 'refused' : 'never sent'}, yet written`);
      continue;
    }
    const id = row?.id ?? (w.outcome === 'acked' ? w.answer.data.id : '*');
    const expected = {
      owner_type: u.ownerType,
      owner_id: u.ownerId,
      document_type_id: u.typeId,
      title: u.title,
      file_name: u.fileName,
      mime: u.mime,
      size: u.bytes.byteLength,
      sha256: u.sha256,
      uploaded_by: userId,
    };
    const problems = [
      row ? diff(row, expected).join('; ') : 'its document row is missing',
      compareAudits(audits, [
        {
          action: 'create',
          entity: 'document',
          entity_id: id,
          after: {
            owner_type: u.ownerType,
            owner_id: u.ownerId,
            document_type: u.typeName,
            title: u.title,
            file_name: u.fileName,
            mime: u.mime,
            size: u.bytes.byteLength,
            sha256: u.sha256,
          },
        },
      ]),
      !served
        ? 'the API does not list it'
        : !served.same
          ? `the API serves ${served.status === 200 ? `${served.size} other bytes` : `status ${served.status}`}, not the bytes uploaded`
          : '',
    ];
    if (w.outcome === 'acked') {
      const a = w.answer.data as DocumentItem;
      if (row && a.id !== row.id) problems.push(`stored as ${row.id}, answered ${a.id}`);
      problems.push(
        diff(a, {
          owner_type: u.ownerType,
          owner_id: u.ownerId,
          title: u.title,
          file_name: u.fileName,
          mime: u.mime,
          size: u.bytes.byteLength,
        }).join('; '),
      );
    }
    const found = problems.filter(Boolean);
    if (found.length) (w.outcome === 'acked' ? v.lost : v.half).push(`${tag}: ${found.join(' | ')}`);
    else if (w.outcome === 'acked') v.checked++;
    else v.unsureComplete++;
  }
  for (const r of byTitle.values())
    v.half.push(`document ${r.id} «${r.title}» is there but no write of the run made it`);
  for (const o of store.orphans) v.half.push(`file store (${store.store}): content no row names: ${o}`);
  for (const t of store.tempFiles)
    v.half.push(`file store (${store.store}): a half-written temporary file ${t}`);
  return [v];
}
