import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branches,
  bulkOperations,
  documents,
  entityLabels,
  labels,
  legalPersons,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

/**
 * Findings 5 and 6 of the adversarial review (issue 13): what input may carry. Each test fails on
 * the code before the fix; the fuzz test (fuzz-openapi.test.ts) looks for the next such cause.
 */

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.90.0.1');
});
afterAll(() => t.dispose());

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
