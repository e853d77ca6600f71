import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodsImportSummary } from '../../src/contract/bods.ts';
import type { CompanyOwners } from '../../src/contract/ownership.ts';
import { jalaliOfIso, todayIso } from '../../src/domain/jalali.ts';
import { parseBodsPackage } from '../../src/domain/ownership/bods.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 17, "Interchange": BODS 0.4 packages imported and exported through the API. The three
 * examples of data/bods import with the shares and interest kinds they state (a dry run first,
 * which writes nothing), import again without adding anything, and round-trip: export what was
 * imported, import it again, same holdings. A package that breaks the schema is refused with
 * its statement ids and Persian reasons, and nothing is written.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;

type Pkg = Record<string, any>[];
const example = (name: string): Pkg =>
  JSON.parse(readFileSync(new URL(`../../data/bods/${name}.json`, import.meta.url), 'utf8'));

const importPkg = (c: ApiClient, pkg: unknown, dryRun: boolean) =>
  c.post(`/api/ownership/bods/import?dry_run=${dryRun ? 1 : 0}`, { json: pkg });

/** POST …/import with the package as a multipart `file`. */
async function upload(c: ApiClient, bytes: Uint8Array | string, dryRun: boolean) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], 'package.json', { type: 'application/json' }));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`/api/ownership/bods/import?dry_run=${dryRun ? 1 : 0}`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

/** Rows of the tables an import writes. */
async function counts() {
  const [row] = await queryRows<{
    legal: number;
    natural: number;
    holdings: number;
    audit: number;
    classes: number;
  }>(
    t.db,
    sql`SELECT (SELECT count(*)::int FROM legal_persons) AS legal, (SELECT count(*)::int FROM true_persons) AS natural,
          (SELECT count(*)::int FROM shareholdings) AS holdings, (SELECT count(*)::int FROM audit_log) AS audit,
          (SELECT count(*)::int FROM company_state_class) AS classes`,
  );
  return row!;
}

async function legalId(name: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM legal_persons WHERE name = ${name} AND deleted_at IS NULL ORDER BY id`,
  );
  expect(rows, name).toHaveLength(1);
  return rows[0]!.id;
}

type HoldingRow = {
  holder: string;
  percentage: string | null;
  directness: string;
  interest_type: string;
  valid_from: string | null;
  valid_to: string | null;
  source_ref: string | null;
};

/** The holdings of a company, holder named, in a stable order. */
async function holdingsOf(companyId: number): Promise<HoldingRow[]> {
  return queryRows<HoldingRow>(
    t.db,
    sql`SELECT COALESCE(hl.name, trim(ht.first_name || ' ' || ht.last_name)) AS holder, sh.percentage::text AS percentage,
          sh.directness, sh.interest_type, sh.valid_from::text AS valid_from, sh.valid_to::text AS valid_to, sh.source_ref
        FROM shareholdings sh
        LEFT JOIN legal_persons hl ON hl.id = sh.holder_legal_id
        LEFT JOIN true_persons ht ON ht.id = sh.holder_true_id
        WHERE sh.company_id = ${companyId}
        ORDER BY holder, sh.directness, sh.valid_from NULLS FIRST`,
  );
}

const owners = async (id: number, asOf?: string) => {
  const res = await auditor.get(`/api/ownership/legal-persons/${id}/owners${asOf ? `?as_of=${asOf}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data as CompanyOwners;
};
const byName = (d: CompanyOwners) => new Map(d.holders.map((h) => [h.holder.name, h]));
/** What a company's owners answer says, without ids: the graph as the screens read it. */
const ownersView = (d: CompanyOwners) =>
  d.holders
    .map((h) => [h.holder.name, h.direct, h.integrated, h.declared_indirect, h.disagrees])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

async function exportOf(companyId: number, c: ApiClient = auditor) {
  const res = await c.get(`/api/ownership/bods/export?company_id=${companyId}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.nazer\.bods\+json/);
  return { pkg: res.body as Pkg, disposition: res.headers.get('content-disposition') ?? '' };
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.17.4.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.17.4.2');
});
afterAll(() => t.dispose());

describe('POST /api/ownership/bods/import: the Finnish state-owned example', () => {
  const pkg = example('bods-package-fi-soe');

  it('dry run: answers what would happen and writes nothing', async () => {
    const before = await counts();
    const res = await importPkg(analyst, pkg, true);
    expect(res.status).toBe(200);
    const s = res.body.data as BodsImportSummary;
    expect(s.dry_run).toBe(true);
    expect(s.statements).toBe(9);
    expect(s.entities).toEqual({ created: 4, matched: 0 });
    expect(s.persons).toEqual({ created: 0, matched: 0 });
    expect(s.holdings).toEqual({ added: 4, updated: 0, unchanged: 0, indirect: 1 });
    // the created records had ids only inside the rolled-back transaction
    expect(s.records.every((r) => r.outcome === 'created' && r.id === null)).toBe(true);
    // the state's control of the ministry is not ownership: skipped with its reason
    expect(s.skipped).toHaveLength(1);
    expect(s.skipped[0]!.statement_id).toBe('xregi-oocs-00000137020039066644606');
    expect(isPersian(s.skipped[0]!.reason)).toBe(true);
    expect(s.skipped[0]!.reason).toContain('otherInfluenceOrControl');
    expect(await counts()).toEqual(before);
  });

  it('imports the stated shares: direct holdings as links, the indirect 100% as a declared figure', async () => {
    const before = await counts();
    const res = await importPkg(analyst, pkg, false);
    expect(res.status).toBe(200);
    const s = res.body.data as BodsImportSummary;
    expect(s.dry_run).toBe(false);
    expect(s.entities).toEqual({ created: 4, matched: 0 });
    expect(s.holdings).toEqual({ added: 4, updated: 0, unchanged: 0, indirect: 1 });
    expect(s.records.every((r) => typeof r.id === 'number')).toBe(true);
    const after = await counts();
    expect(after.legal - before.legal).toBe(4);
    expect(after.holdings - before.holdings).toBe(4);
    // one audit row per created person and per holding, and the import's own
    expect(after.audit - before.audit).toBe(4 + 4 + 1);

    const gasgrid = await legalId('Gasgrid Finland Oy');
    const kaasu = await legalId('Suomen Kaasuverkko Oy');
    const ministry = await legalId('Valtiovarainministerio');
    const republic = await legalId('Suomen tasavalta');
    const persons = await queryRows<{
      id: number;
      kind: string;
      is_state_entity: boolean;
      registration_date: string | null;
    }>(
      t.db,
      sql`SELECT id, kind, is_state_entity, registration_date::text AS registration_date FROM legal_persons
          WHERE id IN (${gasgrid}, ${kaasu}, ${ministry}, ${republic}) ORDER BY id`,
    );
    const kind = new Map(persons.map((p) => [p.id, p]));
    expect(kind.get(ministry)).toMatchObject({ kind: 'ministry', is_state_entity: true });
    expect(kind.get(republic)).toMatchObject({ kind: 'ministry', is_state_entity: true });
    expect(kind.get(gasgrid)).toMatchObject({
      kind: 'company',
      is_state_entity: false,
      registration_date: '2020-01-01',
    });

    expect(await holdingsOf(gasgrid)).toEqual([
      {
        holder: 'Suomen Kaasuverkko Oy',
        percentage: '0.765000',
        directness: 'direct',
        interest_type: 'shareholding',
        valid_from: '2020-01-01',
        valid_to: null,
        source_ref: 'xregi-oocs-00000384456595684844606',
      },
      {
        holder: 'Suomen tasavalta',
        percentage: '1.000000',
        directness: 'indirect',
        interest_type: 'shareholding',
        valid_from: '2020-01-01',
        valid_to: null,
        source_ref: 'xregi-oocs-00005576684893527244606',
      },
      {
        holder: 'Valtiovarainministerio',
        percentage: '0.235000',
        directness: 'direct',
        interest_type: 'shareholding',
        valid_from: '2020-01-01',
        valid_to: null,
        source_ref: 'xregi-oocs-00007980570744606044606',
      },
    ]);
    expect((await holdingsOf(kaasu)).map((h) => [h.holder, h.percentage, h.directness])).toEqual([
      ['Valtiovarainministerio', '1.000000', 'direct'],
    ]);
    // the control relationship of the republic over the ministry wrote nothing
    expect(await holdingsOf(ministry)).toEqual([]);
  });

  it('shows the declared indirect figure beside the computed integrated one', async () => {
    const gasgrid = await legalId('Gasgrid Finland Oy');
    const d = await owners(gasgrid);
    const by = byName(d);
    expect(by.get('Suomen Kaasuverkko Oy')!.direct).toBeCloseTo(0.765, 9);
    expect(by.get('Valtiovarainministerio')!.direct).toBeCloseTo(0.235, 9);
    // the ministry: 23.5% directly and 100% of Kaasuverkko's 76.5%
    expect(by.get('Valtiovarainministerio')!.integrated).toBeCloseTo(1, 9);
    // the republic: its declared 100% indirect is kept as declared; no link reaches it in the graph
    const republic = by.get('Suomen tasavalta')!;
    expect(republic.declared_indirect).toBe(1);
    expect(republic.direct).toBeNull();
    expect(republic.integrated).toBe(0);
    expect(republic.disagrees).toBe(true);
    // the ministry is a state entity holding all of it
    expect(d.company.state_class).toBe('state-owned');
  });

  it('imports the same package again without adding anything', async () => {
    const before = await counts();
    const gasgrid = await legalId('Gasgrid Finland Oy');
    const view = ownersView(await owners(gasgrid));
    const res = await importPkg(analyst, pkg, false);
    expect(res.status).toBe(200);
    const s = res.body.data as BodsImportSummary;
    expect(s.entities).toEqual({ created: 0, matched: 4 });
    expect(s.holdings).toEqual({ added: 0, updated: 0, unchanged: 4, indirect: 1 });
    const after = await counts();
    expect([after.legal, after.holdings]).toEqual([before.legal, before.holdings]);
    // only the import's own audit row
    expect(after.audit - before.audit).toBe(1);
    expect(ownersView(await owners(gasgrid))).toEqual(view);
  });

  it('round-trips: the export of the company imports back to the same graph', async () => {
    const gasgrid = await legalId('Gasgrid Finland Oy');
    const { pkg: out, disposition } = await exportOf(gasgrid);
    const date = jalaliOfIso(todayIso()).replaceAll('/', '-');
    expect(disposition).toContain(`nazer-bods-${date}.json`);
    const parsed = parseBodsPackage(out);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const entity = parsed.package.entities.find((e) => e.name === 'Gasgrid Finland Oy')!;
    expect(entity.recordId).toBe(`nazer-legal-${gasgrid}`);
    const shares = parsed.package.interests
      .filter((i) => i.subject === entity.recordId)
      .map((i) => [i.share, i.direct, i.type, i.startDate])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(shares).toEqual([
      [0.235, 'direct', 'shareholding', '2020-01-01'],
      [0.765, 'direct', 'shareholding', '2020-01-01'],
      [1, 'indirect', 'shareholding', '2020-01-01'],
    ]);
    // upward: the ministry's holding in Kaasuverkko is in the company's export too
    expect(parsed.package.interests).toHaveLength(4);
    const ministry = parsed.package.entities.find((e) => e.name === 'Valtiovarainministerio')!;
    expect(ministry.entityType).toBe('stateBody');

    const before = await counts();
    const view = ownersView(await owners(gasgrid));
    const dry = (await importPkg(analyst, out, true)).body.data as BodsImportSummary;
    expect(dry.records.every((r) => r.outcome === 'matched' && r.matched_by === 'export_id')).toBe(true);
    const res = await importPkg(analyst, out, false);
    expect(res.status).toBe(200);
    const s = res.body.data as BodsImportSummary;
    expect(s.entities).toEqual({ created: 0, matched: 4 });
    expect(s.holdings).toEqual({ added: 0, updated: 0, unchanged: 4, indirect: 1 });
    const after = await counts();
    expect([after.legal, after.natural, after.holdings]).toEqual([
      before.legal,
      before.natural,
      before.holdings,
    ]);
    expect(ownersView(await owners(gasgrid))).toEqual(view);
  });
});

describe('POST /api/ownership/bods/import: a person holding a company, and mixed direct and indirect', () => {
  it('imports a true person without a national code and matches it on the next import', async () => {
    const pkg = example('bods-package');
    const before = await counts();
    const dry = await upload(analyst, JSON.stringify(pkg), true);
    expect(dry.status).toBe(200);
    expect((dry.body.data as BodsImportSummary).persons).toEqual({ created: 1, matched: 0 });
    expect(await counts()).toEqual(before);

    const s = (await importPkg(analyst, pkg, false)).body.data as BodsImportSummary;
    expect(s.entities).toEqual({ created: 1, matched: 0 });
    expect(s.persons).toEqual({ created: 1, matched: 0 });
    expect(s.holdings).toEqual({ added: 1, updated: 0, unchanged: 0, indirect: 0 });
    const person = s.records.find((r) => r.kind === 'person')!;
    const [row] = await queryRows<{ first_name: string; last_name: string; national_code: string | null }>(
      t.db,
      sql`SELECT first_name, last_name, national_code FROM true_persons WHERE id = ${person.id}`,
    );
    expect(row).toEqual({ first_name: 'Jennifer', last_name: 'Hewitson-Smith', national_code: null });
    const profitech = await legalId('Profitech Ltd');
    expect(
      (await holdingsOf(profitech)).map((h) => [h.holder, h.percentage, h.directness, h.valid_from]),
    ).toEqual([['Jennifer Hewitson-Smith', '1.000000', 'direct', '2016-04-06']]);
    expect(byName(await owners(profitech)).get('Jennifer Hewitson-Smith')!.integrated).toBe(1);

    // again: the person is found through the holding her statement wrote
    const again = (await importPkg(analyst, pkg, false)).body.data as BodsImportSummary;
    expect(again.persons).toEqual({ created: 0, matched: 1 });
    expect(again.records.find((r) => r.kind === 'person')!.matched_by).toBe('earlier_import');
    expect(again.holdings.unchanged).toBe(1);

    // and the export of it: found by its export id
    const { pkg: out } = await exportOf(profitech);
    const back = (await importPkg(analyst, out, false)).body.data as BodsImportSummary;
    expect(back.persons).toEqual({ created: 0, matched: 1 });
    expect(back.records.find((r) => r.kind === 'person')!.matched_by).toBe('export_id');
    expect(back.holdings).toEqual({ added: 0, updated: 0, unchanged: 1, indirect: 0 });
    const after = await counts();
    expect([
      after.legal - before.legal,
      after.natural - before.natural,
      after.holdings - before.holdings,
    ]).toEqual([1, 1, 1]);
  });

  it('keeps the direct and the declared indirect interest of one person apart, each from its date', async () => {
    const pkg = example('mixed-direct-and-indirect-ownership');
    const s = (await importPkg(analyst, pkg, false)).body.data as BodsImportSummary;
    expect(s.entities).toEqual({ created: 2, matched: 0 });
    expect(s.persons).toEqual({ created: 1, matched: 0 });
    expect(s.holdings).toEqual({ added: 3, updated: 0, unchanged: 0, indirect: 1 });
    // Person 1's interest in Company B states neither a type nor its directness
    expect(s.skipped.map((x) => x.statement_id)).toEqual(['f500210d-c8b0-4f74-9bbd-ca762724d0e8']);
    const a = await legalId('Company A');
    expect((await holdingsOf(a)).map((h) => [h.holder, h.percentage, h.directness, h.valid_from])).toEqual([
      ['Company B', '0.500000', 'direct', '2017-11-01'],
      ['Person 1', '0.500000', 'direct', '2019-05-01'],
      ['Person 1', '0.500000', 'indirect', '2017-11-01'],
    ]);
    const today = byName(await owners(a)).get('Person 1')!;
    expect([today.direct, today.integrated, today.declared_indirect, today.disagrees]).toEqual([
      0.5,
      0.5,
      0.5,
      false,
    ]);
    // before the direct holding began, only the declared indirect figure
    const earlier = byName(await owners(a, '2018-06-01')).get('Person 1')!;
    expect([earlier.direct, earlier.integrated, earlier.declared_indirect, earlier.disagrees]).toEqual([
      null,
      0,
      0.5,
      true,
    ]);

    const before = await counts();
    const view = ownersView(await owners(a));
    const { pkg: out } = await exportOf(a);
    const back = (await importPkg(analyst, out, false)).body.data as BodsImportSummary;
    expect(back.entities).toEqual({ created: 0, matched: 2 });
    expect(back.persons).toEqual({ created: 0, matched: 1 });
    expect(back.holdings).toEqual({ added: 0, updated: 0, unchanged: 3, indirect: 1 });
    const after = await counts();
    expect([after.legal, after.natural, after.holdings]).toEqual([
      before.legal,
      before.natural,
      before.holdings,
    ]);
    expect(ownersView(await owners(a))).toEqual(view);
  });

  it('updates a holding whose figure changed, keyed by company, holder, directness and start', async () => {
    const pkg = example('mixed-direct-and-indirect-ownership');
    const rel = pkg.find((s) => s.recordId === '07f0f7024a92')!;
    rel.statementId = '30f1cb63-d849-4550-b6cd-2a6b7268d0cc';
    rel.recordDetails.interests[0].share.exact = 40;
    rel.recordDetails.interests[0].endDate = '2030-12-31';
    const before = await counts();
    const s = (await importPkg(analyst, pkg, false)).body.data as BodsImportSummary;
    expect(s.holdings).toEqual({ added: 0, updated: 1, unchanged: 2, indirect: 1 });
    expect(s.interests.find((i) => i.outcome === 'updated')).toMatchObject({
      company: 'Company A',
      holder: 'Company B',
      share: 0.4,
      valid_to: '2030-12-31',
    });
    const after = await counts();
    expect(after.holdings).toBe(before.holdings);
    const a = await legalId('Company A');
    expect((await holdingsOf(a))[0]).toMatchObject({
      holder: 'Company B',
      percentage: '0.400000',
      valid_to: '2030-12-31',
      source_ref: '30f1cb63-d849-4550-b6cd-2a6b7268d0cc',
    });
    const [audit] = await queryRows<{ before: { percentage: string }; after: { percentage: string } }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'shareholding' AND action = 'update' ORDER BY id DESC LIMIT 1`,
    );
    expect([audit!.before.percentage, audit!.after.percentage]).toEqual(['0.500000', '0.400000']);
  });
});

describe('refusals and access', () => {
  it('refuses a package that breaks the schema: every statement id and Persian reason, nothing written', async () => {
    const pkg = example('bods-package-fi-soe');
    pkg[0]!.publicationDetails.bodsVersion = '0.3';
    delete pkg[1]!.recordDetails.isComponent;
    pkg[4]!.recordDetails.interests[0].share.exact = 150;
    pkg[6]!.recordDetails.interestedParty = 'no-such-record';
    pkg[2]!.recordDetails.name = 'شرکتی که نباید ثبت شود';
    const before = await counts();
    for (const dryRun of [true, false]) {
      const res = await importPkg(analyst, pkg, dryRun);
      expect(res.status).toBe(422);
      expect(isPersian(res.body.message)).toBe(true);
      const errors = res.body.bods_errors as { statement_id: string; path: string; reason: string }[];
      expect(errors.map((e) => [e.statement_id, e.path])).toEqual([
        ['xregi-es-00002247037980570744606', 'publicationDetails.bodsVersion'],
        ['xregi-es-00008546493688880044606', 'recordDetails.isComponent'],
        ['xregi-oocs-00000384456595684844606', 'recordDetails.interests[0].share.exact'],
        ['xregi-oocs-00007980570744606044606', 'recordDetails.interestedParty'],
      ]);
      for (const e of errors) expect(isPersian(e.reason), e.reason).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses two interests that would be one holding, with nothing written', async () => {
    const pkg = example('bods-package');
    const rel = structuredClone(pkg[2]!);
    rel.statementId = '9f4c2f7e-1d1b-4b8e-8d56-3e3c1c0b7a10';
    rel.recordId = 'second-relationship';
    pkg.push(rel);
    pkg[0]!.recordDetails.name = 'Profitech Twin Ltd';
    const before = await counts();
    const res = await importPkg(analyst, pkg, false);
    expect(res.status).toBe(422);
    expect(res.body.bods_errors).toHaveLength(1);
    expect(res.body.bods_errors[0]).toMatchObject({ statement_id: rel.statementId, index: 3 });
    expect(isPersian(res.body.bods_errors[0].reason)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('refuses a body or file that is not a package', async () => {
    const before = await counts();
    const notArray = await importPkg(analyst, { statements: [] }, true);
    expect(notArray.status).toBe(422);
    expect(isPersian(notArray.body.message)).toBe(true);
    const notJson = await upload(analyst, '[{"statementId": ', true);
    expect(notJson.status).toBe(422);
    expect(isPersian(notJson.body.errors.file[0])).toBe(true);
    const junk = await importPkg(analyst, [null, 1, 'statement', {}, []], false);
    expect(junk.status).toBe(422);
    expect(junk.body.bods_errors.map((e: { index: number }) => e.index)).toEqual(
      expect.arrayContaining([0, 1, 2, 3, 4]),
    );
    expect((await importPkg(analyst, null, false)).status).toBe(422);
    const badDry = await analyst.post('/api/ownership/bods/import?dry_run=maybe', { json: [] });
    expect(badDry.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('lets the auditor export but not import', async () => {
    const before = await counts();
    const pkg = example('bods-package');
    expect((await importPkg(auditor, pkg, true)).status).toBe(403);
    expect((await importPkg(auditor, pkg, false)).status).toBe(403);
    expect(await counts()).toEqual(before);
    const res = await auditor.get('/api/ownership/bods/export');
    expect(res.status).toBe(200);
    expect(parseBodsPackage(res.body).ok).toBe(true);
    expect((await auditor.get('/api/ownership/bods/export?company_id=2147483000')).status).toBe(404);
    expect((await auditor.get('/api/ownership/bods/export?as_of=2024-02-30')).status).toBe(422);
  });

  it('exports the holdings of a past date only', async () => {
    const a = await legalId('Company A');
    const res = await auditor.get(`/api/ownership/bods/export?company_id=${a}&as_of=2018-06-01`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      `nazer-bods-${jalaliOfIso('2018-06-01').replaceAll('/', '-')}.json`,
    );
    const parsed = parseBodsPackage(res.body);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // Company B's 40% (as updated above) and Person 1's declared indirect 50%; the direct one began in 2019
    expect(parsed.package.interests.map((i) => [i.direct, i.share, i.startDate]).sort()).toEqual([
      ['direct', 0.4, '2017-11-01'],
      ['indirect', 0.5, '2017-11-01'],
    ]);
  });
});
