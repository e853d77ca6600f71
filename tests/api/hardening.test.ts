import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import {
  auditLog,
  blockedIps,
  branches,
  bulkOperations,
  documents,
  entityLabels,
  labels,
  legalPersons,
  sessions,
  smsLog,
  users,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import {
  chooseRole,
  clientAs,
  grantRole,
  isPersian,
  lastCode,
  rowCounts,
  signIn,
  type TestApp,
} from '../support/auth.ts';

/**
 * The findings of the adversarial review (issue 13), one `describe` each, numbered as the issue
 * numbers them; each test fails on the code as it was before the fix. Finding 1 (role grants)
 * is in authz-matrix.test.ts, 7 in import-bomb.test.ts, 10 in security.test.ts, 12 in
 * src/domain/identifiers*.test.ts.
 */

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.90.0.1');
});
afterAll(() => t.dispose());

const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('2. secrets in logs, and the unblock write', () => {
  it('never shows a one-time code to a log reader, so reading logs signs nobody in', async () => {
    const reader = await clientAs(
      t,
      'nomination',
      await grantRole(t, 'nomination', 'log_reader', ['logs.view']),
      '10.90.2.1',
    );
    await t.client({ ip: '10.90.2.2' }).post('/api/login/send-otp', { form: { mobile: '09120000001' } });
    const code = await lastCode(t, '09120000001');
    const res = await reader.get('/api/logs/sms?mobile=09120000001');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const [row] = await t.db.select().from(smsLog).where(eq(smsLog.mobile, '09120000001'));
    expect(row!.body).not.toContain(code);
  });

  it('refuses to unblock an address to a role that may only read logs (logs.unblock is a write)', async () => {
    const now = new Date();
    const [block] = await t.db
      .insert(blockedIps)
      .values({
        ip: '10.90.2.9',
        reason: 'آزمون',
        blockedAt: now,
        blockedUntil: new Date(now.getTime() + 3_600_000),
      })
      .returning();
    const reader = await clientAs(t, 'nomination', 'log_reader', '10.90.2.3');
    const refused = await reader.post(`/api/logs/blocked-ips/${block!.id}/unblock`);
    expect(refused.status).toBe(403);
    const [still] = await t.db.select().from(blockedIps).where(eq(blockedIps.id, block!.id));
    expect(still!.unblockedAt).toBeNull();
    const unblocker = await clientAs(
      t,
      'nomination',
      await grantRole(t, 'nomination', 'log_unblocker', ['logs.view', 'logs.unblock']),
      '10.90.2.4',
    );
    expect((await unblocker.post(`/api/logs/blocked-ips/${block!.id}/unblock`)).status).toBe(200);
  });
});

describe('3. answers carry only what the caller may see', () => {
  it('searches no kind of person for a role that may list neither', async () => {
    const [person] = await queryRows<{ national_code: string }>(
      t.db,
      sql`SELECT national_code FROM true_persons WHERE deleted_at IS NULL AND national_code IS NOT NULL LIMIT 1`,
    );
    const [company] = await queryRows<{ national_id: string }>(
      t.db,
      sql`SELECT national_id FROM legal_persons WHERE deleted_at IS NULL AND national_id IS NOT NULL LIMIT 1`,
    );
    const dash = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'dashboard_only', ['dashboard']),
      '10.90.3.1',
    );
    for (const q of [person!.national_code, company!.national_id]) {
      const res = await dash.get(`/api/search?q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ legalPersons: [], truePersons: [] });
    }
    const both = await clientAs(t, 'analyst', 'analyst', '10.90.3.2');
    const found = await both.get(`/api/search?q=${person!.national_code}`);
    expect(found.body.data.truePersons[0].national_code).toBe(person!.national_code);
  });

  it('lists no true person in the all-persons picker for a role that may not list them', async () => {
    const legalOnly = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'legal_lister', ['person.legal.list', 'person.legal.view']),
      '10.90.3.3',
    );
    const res = await legalOnly.get('/api/person/all-persons?type=true');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
    const all = await legalOnly.get('/api/person/all-persons?per_page=500');
    expect(all.body.data.data.every((r: { type: string }) => r.type === 'legal')).toBe(true);
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.3.4');
    expect((await analyst.get('/api/person/all-persons?type=true')).body.data.total).toBeGreaterThan(0);
  });

  it('leaves true persons’ national codes out of a company’s view for a role that may not view them', async () => {
    const [row] = await queryRows<{ company_id: number }>(
      t.db,
      sql`SELECT company_id FROM shareholdings WHERE holder_type = 'true' LIMIT 1`,
    );
    const legalOnly = await clientAs(t, 'auditor', 'legal_lister', '10.90.3.5');
    const view = await legalOnly.get(`/api/person/legal-persons/${row!.company_id}`);
    const trueHolders = view.body.data.shareholders.filter(
      (s: { holder_type: string }) => s.holder_type === 'true',
    );
    expect(trueHolders.length).toBeGreaterThan(0);
    expect(trueHolders.every((s: { holder_national_id: unknown }) => s.holder_national_id === null)).toBe(
      true,
    );
    const page = await legalOnly.get(`/api/person/shareholders/${row!.company_id}`);
    expect(
      page.body.data.shareholders
        .filter((s: { holder_type: string }) => s.holder_type === 'true')
        .every((s: { holder_national_id: unknown }) => s.holder_national_id === null),
    ).toBe(true);
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.3.6');
    const full = await analyst.get(`/api/person/legal-persons/${row!.company_id}`);
    expect(
      full.body.data.shareholders.some(
        (s: { holder_type: string; holder_national_id: string | null }) =>
          s.holder_type === 'true' && s.holder_national_id,
      ),
    ).toBe(true);
  });
});

describe('4. undo needs the permission the operation needed', () => {
  it('refuses the undo to its author once they switched to a read-only role, and allows it back in the editing role', async () => {
    const made = await admin.post('/api/labels', {
      json: { name: 'برچسب آزمون بازگشت', color: '#2e7d32', object_types: ['legal_person'] },
    });
    const label = made.body.data as { id: number };
    const ids = (
      await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL ORDER BY id LIMIT 3`,
      )
    ).map((r) => Number(r.id));
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.4.1');
    const op = await c.post('/api/person/legal-persons/bulk', {
      json: { action: 'label', labelId: label.id, ids },
    });
    expect(op.status, JSON.stringify(op.body)).toBe(200);
    const opId = op.body.data.operation.id as string;
    await chooseRole(c, 'viewer');
    const before = await rowCounts(t.db, { entityLabels, auditLog, bulkOperations });
    const refused = await c.post(`/api/bulk-operations/${opId}/undo`);
    expect(refused.status).toBe(403);
    expect(isPersian(refused.body.message)).toBe(true);
    expect(await rowCounts(t.db, { entityLabels, auditLog, bulkOperations })).toEqual(before);
    await chooseRole(c, 'analyst');
    expect((await c.post(`/api/bulk-operations/${opId}/undo`)).status).toBe(200);
    const left = await t.db.select().from(entityLabels).where(eq(entityLabels.labelId, label.id));
    expect(left).toEqual([]);
    await t.db.delete(labels).where(eq(labels.id, label.id));
  });
});

describe('5. CSV formula injection', () => {
  const evil = [
    '=HYPERLINK("http://evil.example","x")',
    "=cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(1)',
    '\t=1+1',
  ];

  it('writes cells that a spreadsheet would run as text (a leading quote), and keeps the XLSX cells text', async () => {
    const ids = (
      await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 6`,
      )
    ).map((r) => Number(r.id));
    for (const [i, id] of ids.entries()) {
      await t.db.update(legalPersons).set({ name: evil[i]! }).where(eq(legalPersons.id, id));
    }
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.5.1');
    const csv = await analyst.get(`/api/person/legal-persons/export?format=csv&ids=${ids.join(',')}`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    for (const name of evil) {
      // the cell starts with a quote, never with the formula's first character
      const cell = name.includes('"') || name.includes(',') ? `"'${name.replaceAll('"', '""')}"` : `'${name}`;
      expect(text, name).toContain(cell);
      expect(text.split(/\r?\n/).some((line) => line.split(',').some((c) => c === name))).toBe(false);
    }
    const xlsx = await t.app.request(`/api/person/legal-persons/export?format=xlsx&ids=${ids.join(',')}`, {
      headers: { cookie: [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsx.arrayBuffer()) as never);
    const cells: ExcelJS.Cell[] = [];
    wb.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const named = cells.filter((c) => evil.includes(String(c.value)));
    expect(named.length).toBe(evil.length);
    for (const c of named) {
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(c.formula).toBeUndefined();
    }
  });
});

describe('6. unchecked input is a 400 or 422, never a 500, and changes nothing', () => {
  const cursor = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('answers every known cause of a 500 with a 4xx and a Persian message', async () => {
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.6.1');
    const list = '/api/person/legal-persons';
    const bad: [string, Parameters<ApiClient['request']>[2], string][] = [
      ['GET', undefined, `${list}?sortBy=constructor`],
      ['GET', undefined, `${list}?sortBy=toString`],
      ['GET', undefined, `${list}?sortBy=__proto__`],
      [
        'GET',
        undefined,
        `${list}?advanceFilter=${encodeURIComponent('[{"field":"constructor","op":"eq","value":"x"}]')}`,
      ],
      [
        'GET',
        undefined,
        `${list}?advanceFilter=${encodeURIComponent('[{"field":"hasOwnProperty","op":"eq","value":"x"}]')}`,
      ],
      [
        'GET',
        undefined,
        `${list}?advanceFilter=${encodeURIComponent('[{"field":"created_at","op":"gte","value":"1"}]')}`,
      ],
      [
        'GET',
        undefined,
        `${list}?advanceFilter=${encodeURIComponent('[{"field":"created_at","op":"gte","value":"2024-02-30"}]')}`,
      ],
      ['GET', undefined, `/api/logs/users?at=2024-02-30`],
      ['GET', undefined, `${list}?cursor=${cursor({ s: 'name', d: false, v: 'x', id: 2 ** 31, t: 5 })}`],
      [
        'GET',
        undefined,
        `${list}?sortBy=employees&cursor=${cursor({ s: 'employees', d: false, v: 'abc', id: 1, t: 5 })}`,
      ],
      [
        'GET',
        undefined,
        `${list}?sortBy=created_at&cursor=${cursor({ s: 'created_at', d: false, v: '1', id: 1, t: 5 })}`,
      ],
      [
        'GET',
        undefined,
        `${list}?sortBy=name&cursor=${cursor({ s: 'name', d: false, v: 'a\u0000b', id: 1, t: 5 })}`,
      ],
      ['GET', undefined, `${list}?q=%00`],
      ['GET', undefined, `${list}?name=a%00b`],
      ['GET', undefined, `${list}/2147483648`],
      ['GET', undefined, `${list}/99999999999999999999`],
      ['POST', { json: { action: 'delete', ids: [2 ** 31] } }, `${list}/bulk`],
      ['POST', { json: { action: 'delete', ids: [1], 'x\u0000': 1 } }, `${list}/bulk`],
      [
        'POST',
        { json: { name: 'a\u0000b', color: '#2e7d32', object_types: ['legal_person'] } },
        '/api/labels',
      ],
      ['POST', { raw: 'name=a%00b', contentType: 'application/x-www-form-urlencoded' }, '/api/labels'],
      ['POST', { json: { a: JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) } }, `${list}/bulk`],
    ];
    const uploads = [`${list}/1/documents`, '/api/person/true-persons/1/documents', `${list}/import`];
    for (const path of uploads) {
      bad.push(['POST', { raw: 'not a multipart body', contentType: 'multipart/form-data' }, path]);
      bad.push([
        'POST',
        {
          raw: '--x\r\nContent-Disposition: form-data; name="file"',
          contentType: 'multipart/form-data; boundary=x',
        },
        path,
      ]);
      bad.push(['POST', { raw: '--y\r\n\r\n--y--', contentType: 'multipart/form-data; boundary=zz' }, path]);
    }
    const tables = { legalPersons, labels, entityLabels, auditLog, documents, bulkOperations };
    const before = await rowCounts(t.db, tables);
    for (const [method, init, path] of bad) {
      const res = await (/^\/api\/(labels|logs)/.test(path) ? admin : analyst).request(method, path, init);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(isPersian(res.body.message), `${method} ${path}`).toBe(true);
    }
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });

  it('removes bidirectional overrides from names and addresses, and keeps the zero-width non-joiner', async () => {
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.6.2');
    const [company] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL LIMIT 1`,
    );
    const res = await analyst.post(`/api/person/legal-persons/${company!.id}/branches`, {
      json: {
        name: 'شعبه\u202Eمرکزی\u202C',
        address: 'خیابان\u2066 آزادی\u2069، پلاک می‌دان',
        manager: '\u202Bعلی',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db.select().from(branches).where(eq(branches.id, res.body.data.id));
    expect(row!.name).toBe('شعبهمرکزی');
    expect(row!.address).toBe('خیابان آزادی، پلاک می\u200Cدان');
    expect(row!.manager).toBe('علی');
  });

  it('reads an unread body before answering, so the next request on the same connection is answered', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent,
            headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, socket: req.socket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      // refused before its body is read: no anti-forgery token (419)
      const big = await send('POST', '/api/person/legal-persons/bulk', Buffer.alloc(8 * 1024 * 1024, 0x20));
      expect(big.status).toBe(419);
      const next = await send('GET', '/api/health');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(big.socket);
    } finally {
      agent.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('8. the anti-forgery token is bound to the session and renewed', () => {
  it('refuses a cookie and header pair made up by someone else, even with a real session', async () => {
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.8.1');
    const forged = 'forged-token-the-attacker-planted';
    c.cookies.set('XSRF-TOKEN', forged);
    const res = await c.post('/api/person/legal-persons/bulk', {
      json: { action: 'delete', ids: [1] },
      headers: { 'x-xsrf-token': forged },
    });
    expect(res.status).toBe(419);
    expect(isPersian(res.body.message)).toBe(true);
  });

  it('refuses another session’s valid token', async () => {
    const a = await clientAs(t, 'analyst', 'analyst', '10.90.8.2');
    const b = await clientAs(t, 'auditor', 'auditor', '10.90.8.3');
    const stolen = b.cookies.get('XSRF-TOKEN')!;
    a.cookies.set('XSRF-TOKEN', stolen);
    const res = await a.post('/api/person/legal-persons/bulk', { json: { action: 'delete', ids: [1] } });
    expect(res.status).toBe(419);
  });

  it('renews the token at sign-in and at role change: the earlier one stops working', async () => {
    const c = t.client({ ip: '10.90.8.4' });
    await c.get('/api/health');
    const anonymous = c.cookies.get('XSRF-TOKEN')!;
    await signIn(c, 'analyst');
    const signedIn = c.cookies.get('XSRF-TOKEN')!;
    expect(signedIn).not.toBe(anonymous);
    await chooseRole(c, 'analyst');
    const withRole = c.cookies.get('XSRF-TOKEN')!;
    expect(withRole).not.toBe(signedIn);
    for (const old of [anonymous, signedIn]) {
      c.cookies.set('XSRF-TOKEN', old);
      const res = await c.request('DELETE', '/api/user/preferences/table:legal-persons');
      expect(res.status).toBe(419);
    }
    c.cookies.set('XSRF-TOKEN', withRole);
    const ok = await c.request('DELETE', '/api/user/preferences/table:legal-persons');
    expect(ok.status).toBe(200);
  });
});

describe('9. GET calls that change state are refused cross-site', () => {
  it('does not choose a role without the anti-forgery header', async () => {
    const c = t.client({ ip: '10.90.9.1' });
    await signIn(c, 'analyst');
    const [role] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM roles WHERE name = 'viewer'`);
    const res = await c.get(`/api/user/permission/my-role-permission/${role!.id}`, { xsrf: false });
    expect(res.status).toBe(419);
    const [s] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await idOf('analyst')));
    expect((await c.get('/api/user')).body.data.role).toBeNull();
    expect(s).toBeDefined();
    expect((await c.get(`/api/user/permission/my-role-permission/${role!.id}`)).status).toBe(200);
  });
});

describe('11. probing and caching', () => {
  it('answers 404 alike for a document that exists but may not be seen and for one that does not exist', async () => {
    const [company] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL LIMIT 1`,
    );
    const [type] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM document_types WHERE 'legal' = ANY(owner_types) AND 'application/pdf' = ANY(mime_types) LIMIT 1`,
    );
    const form = new FormData();
    form.set('document_type_id', String(type!.id));
    form.set('title', 'مستند آزمون');
    form.set(
      'file',
      new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'a.pdf', { type: 'application/pdf' }),
    );
    const req = new Request('http://local/', { method: 'POST', body: form });
    const up = await admin.post(`/api/person/legal-persons/${company!.id}/documents`, {
      raw: await req.arrayBuffer(),
      contentType: req.headers.get('content-type')!,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const blind = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'true_only', ['person.true.view']),
      '10.90.11.1',
    );
    const hidden = await blind.get(`/api/documents/${up.body.data.id}/file`);
    const missing = await blind.get('/api/documents/2147483000/file');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
  });

  it('asks browsers to keep to HTTPS while cookies are Secure, as configured', async () => {
    const res = await t.client().get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    const off = createApp({ ...t.deps, config: { ...t.deps.config, HSTS_MAX_AGE: 0 } });
    expect((await off.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('marks API answers not to be stored', async () => {
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.11.2');
    for (const path of ['/api/user', '/api/person/legal-persons', '/api/health', '/api/nowhere']) {
      expect((await c.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('a user manager cannot reach beyond its own role', () => {
  it('cannot reset the password of, deactivate or change the roles of an account with more power', async () => {
    const manager = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'user_manager', ['management.users']),
      '10.90.12.1',
    );
    const adminId = await idOf('admin');
    const [hash] = await queryRows<{ h: string }>(
      t.db,
      sql`SELECT password_hash AS h FROM users WHERE id = ${adminId}`,
    );
    expect((await manager.post(`/api/user/reset-password/${adminId}`)).status).toBe(403);
    expect((await manager.post(`/api/management/users/${adminId}/deactivate`)).status).toBe(403);
    expect((await manager.post(`/api/management/users/${await idOf('analyst')}/deactivate`)).status).toBe(
      403,
    );
    const [after] = await queryRows<{ h: string }>(
      t.db,
      sql`SELECT password_hash AS h FROM users WHERE id = ${adminId}`,
    );
    expect(after!.h).toBe(hash!.h);
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, adminId), eq(users.status, 'active')));
    expect(u).toBeDefined();
  });
});
