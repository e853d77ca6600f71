import { legalPersonInput } from '../../src/contract/person-forms.ts';
import { legalPersonsExport } from '../../src/server/modules/persons/lists.ts';
import type { ApiClient } from '../support/api-client.ts';
import {
  type FaultRun,
  multipart,
  newVerdict,
  type Snapshot,
  sleep,
  type Verdict,
  type Write,
} from './fault-kit.ts';
import {
  checkPerson,
  type LegalRow,
  PERSON_PREFIX,
  type PersonBook,
  type PersonTrack,
  randomLegal,
} from './workload-persons.ts';

/**
 * Imports of legal persons (POST /api/person/legal-persons/import): a CSV of 30–200 rows with
 * every column of the import template that takes a value as text (all but the picked city,
 * industry and supervising body), first a dry run (nothing written) and then the real run, which
 * writes every row and one audit row each in one transaction.
 *
 * The check per import: all of its rows there, each with every field as in the file and its audit
 * row (by the import's rid), or none of them; an acknowledged import has all.
 */

interface Batch {
  name: string;
  write: Write;
  tracks: PersonTrack[];
}

export class ImportBook {
  readonly batches: Batch[] = [];
}

const YES = 'بله';
const NO = 'خیر';

/** The CSV of `bodies` under the template's headers (UTF-8 with BOM, every cell quoted). */
function csvOf(bodies: Record<string, unknown>[]): Uint8Array {
  const columns = legalPersonsExport.columns.filter((c) => c.input && !c.ref);
  const cell = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const lines = [
    columns.map((c) => cell(c.header)).join(','),
    ...bodies.map((b) =>
      columns
        .map((c) => {
          const v = b[c.input!];
          return cell(c.kind === 'bool' ? (v ? YES : NO) : v);
        })
        .join(','),
    ),
  ];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

export async function importWorker(
  run: FaultRun,
  c: ApiClient,
  name: string,
  book: ImportBook,
  persons: PersonBook,
) {
  const rng = run.rng(name);
  let b = 0;
  while (run.writing) {
    b++;
    const size = rng.int(30, 200);
    const bodies = Array.from({ length: size }, (_, i) =>
      randomLegal(rng, `${PERSON_PREFIX} ${name}-${b}-${i + 1}`, persons.freshNationalId(rng), null),
    );
    const file = { bytes: csvOf(bodies), name: `batch-${b}.csv` };
    // The dry run first, as the screen does: it must find every row valid and write nothing.
    try {
      const dry = await c.post('/api/person/legal-persons/import', await multipart({ dry_run: '1' }, file));
      if (dry.status !== 200 || dry.body.data.valid !== size) {
        if (dry.status < 500)
          run.notes.push(
            `import dry run of ${size} rows answered ${dry.status} ${JSON.stringify(dry.body).slice(0, 300)}`,
          );
        await sleep(300);
        continue;
      }
    } catch {
      await sleep(300);
      continue;
    }
    const w = await run.write(
      c,
      'import',
      'POST',
      '/api/person/legal-persons/import',
      await multipart({ dry_run: '0' }, file),
    );
    const tracks = bodies.map((body) =>
      persons.add({
        nationalId: body.national_id!,
        source: 'import',
        id: null,
        steps: [{ write: w, values: legalPersonInput.parse(body) }],
        version: w.outcome === 'acked' ? 1 : 0,
      }),
    );
    book.batches.push({ name: `${name}-${b}`, write: w, tracks });
    if (w.outcome !== 'acked') await sleep(300);
  }
}

export function verifyImports(snap: Snapshot, book: ImportBook, rows: Map<string, LegalRow>): Verdict[] {
  const v = newVerdict('import');
  for (const batch of book.batches) {
    const w = batch.write;
    const audits = snap.audits.get(w.rid) ?? [];
    const tag = `import ${batch.name} of ${batch.tracks.length} rows [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
    const scratch = new Map<string, Verdict>();
    const verdictOf = (kind: string) => {
      if (!scratch.has(kind)) scratch.set(kind, newVerdict(kind));
      return scratch.get(kind)!;
    };
    for (const t of batch.tracks) {
      checkPerson(
        t,
        rows.get(t.nationalId),
        () => audits.filter((a) => a.entity === 'legal_person' && a.after?.national_id === t.nationalId),
        verdictOf,
      );
    }
    const rowsThere = batch.tracks.filter((t) => rows.has(t.nationalId)).length;
    const problems = [...scratch.values()].flatMap((s) => [...s.lost, ...s.half]);
    const foreign = audits.filter((a) => !batch.tracks.some((t) => a.after?.national_id === t.nationalId));
    if (foreign.length) problems.push(`${foreign.length} audit rows of records not in the file`);
    if (w.outcome === 'acked') {
      v.acked++;
      if (w.answer.data.created !== batch.tracks.length)
        problems.push(`answered created ${w.answer.data.created}`);
      if (rowsThere !== batch.tracks.length)
        problems.push(`${rowsThere} of ${batch.tracks.length} rows there`);
      if (problems.length) v.lost.push(`${tag}: ${problems.slice(0, 4).join(' | ')}`);
      else v.checked++;
      continue;
    }
    const all = rowsThere === batch.tracks.length && audits.length === batch.tracks.length;
    const none = rowsThere === 0 && audits.length === 0;
    if (w.outcome !== 'unsure' && !none)
      v.half.push(
        `${tag}: ${w.outcome === 'refused' ? 'refused' : 'never sent'}, yet ${rowsThere} rows there`,
      );
    else if (!all && !none)
      v.half.push(
        `${tag}: ${rowsThere} rows and ${audits.length} audit rows of ${batch.tracks.length} there`,
      );
    else if (problems.length) v.half.push(`${tag}: ${problems.slice(0, 4).join(' | ')}`);
    else if (all) v.unsureComplete++;
    else v.unsureAbsent++;
  }
  return [v];
}
