import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerMismatch } from '../../src/server/http/mount.ts';
import { openApiDocument } from '../../src/server/http/openapi.ts';
import { type AnyRoute, defineRoute, isFileAnswer } from '../../src/server/http/route.ts';
import { allRoutes } from '../../src/server/modules/index.ts';
import { startTestApp } from '../support/api-client.ts';

/**
 * The API document (GET /api/openapi.json, http/openapi.ts) as integrators read it: Redocly's
 * `recommended` rules find no error in it, and every operation has an operationId, a security
 * requirement and the schema of its answer. The API tests check every answer against that schema
 * (tests/support/api-client.ts switches `checkResponses` on: http/mount.ts).
 */

type Doc = ReturnType<typeof openApiDocument>;
type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { properties?: { data?: object } } }> }>;
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      op: op as Operation,
    })),
  );

async function lint(doc: Doc) {
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
}

describe('the OpenAPI document', () => {
  const doc = openApiDocument(allRoutes);

  it('passes Redocly’s recommended rules without an error', async () => {
    const problems = await lint(doc);
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    // The warnings left: paths Redocly cannot tell apart, but the server does (digits only,
    // route-table.test.ts), e.g. /api/person/legal-persons/status/{id} and …/{id}/documents.
    const warnings = problems.filter((p) => p.severity === 'warn');
    expect(new Set(warnings.map((p) => p.ruleId))).toEqual(
      new Set(warnings.length ? ['no-ambiguous-paths'] : []),
    );
  }, 60_000);

  it('lists every route once, with an operationId derived from method and path', () => {
    const ops = operations(doc);
    expect(ops).toHaveLength(allRoutes.length);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const byKey = Object.fromEntries(ops.map((o) => [o.key, o.op.operationId]));
    expect(byKey['GET /api/person/legal-persons/{id}']).toBe('getPersonLegalPersonsById');
    expect(byKey['GET /api/user/permission/my-role-permission/{role_id}']).toBe(
      'getUserPermissionMyRolePermissionByRoleId',
    );
    expect(byKey['GET /api/health']).toBe('getHealth');
    // Hono's constraints stay out of the document.
    expect(Object.keys(doc.paths).filter((p) => /[:{]\[|\{[^}]*[^\w}][^}]*\}/.test(p))).toEqual([]);
  });

  it('describes the answer of every operation', () => {
    const missing = operations(doc)
      .filter(({ op }) => {
        const content = op.responses['200']?.content ?? {};
        const json = content['application/json'];
        if (!json) return Object.keys(content).length === 0;
        const data = json.schema?.properties?.data;
        return !data || Object.keys(data).length === 0;
      })
      .map((o) => o.key);
    expect(missing).toEqual([]);
  });

  it('turns every declared answer into JSON Schema without loss', () => {
    const lossy = allRoutes.filter((r) => {
      if (!r.response || isFileAnswer(r.response)) return false;
      try {
        z.toJSONSchema(r.response, { io: 'output', unrepresentable: 'throw' });
        return false;
      } catch {
        return true;
      }
    });
    expect(lossy.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('requires the session and anti-forgery token each route checks', () => {
    const security = (method: string, path: string) =>
      operations(doc).find((o) => o.key === `${method} ${path}`)!.op.security;
    expect(doc.components.securitySchemes).toMatchObject({
      staffSession: { type: 'apiKey', in: 'cookie', name: 'nazer_session' },
      guestSession: { type: 'apiKey', in: 'cookie', name: 'nazer_guest' },
      xsrfToken: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    expect(security('GET', '/api/health')).toEqual([]);
    expect(security('POST', '/api/login')).toEqual([{ xsrfToken: [] }]);
    expect(security('GET', '/api/logout')).toEqual([{ xsrfToken: [] }]);
    expect(security('GET', '/api/person/resume')).toEqual([{ guestSession: [] }]);
    expect(security('POST', '/api/person/resume/submit')).toEqual([{ guestSession: [], xsrfToken: [] }]);
    expect(security('GET', '/api/management/users')).toEqual([{ staffSession: [] }]);
    expect(security('GET', '/api/user/permission/my-role-permission/{role_id}')).toEqual([
      { staffSession: [], xsrfToken: [] },
    ]);
    for (const { key, op } of operations(doc)) {
      const route = allRoutes.find(
        (r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}` === key,
      )!;
      const session = op.security.flatMap((s) => Object.keys(s)).filter((s) => s !== 'xsrfToken');
      expect([key, session]).toEqual([key, expectedSession(route)]);
    }
  });
});

function expectedSession(route: AnyRoute): string[] {
  if (route.permission === 'public') return [];
  return route.permission === 'guest' ? ['guestSession'] : ['staffSession'];
}

describe('checking answers against their schema', () => {
  const route = (response: AnyRoute['response']) =>
    defineRoute({
      method: 'get',
      path: '/api/x',
      permission: 'public',
      summary: 'x',
      response,
      handler: async () => null,
    });
  const row = z.object({ id: z.number().int(), at: z.iso.datetime(), note: z.string().nullable() });

  it('accepts the answer as it travels, dates as ISO strings', () => {
    expect(answerMismatch(route(row), { id: 1, at: new Date(0), note: null })).toBeUndefined();
    expect(answerMismatch(route(z.null()), undefined)).toBeUndefined();
  });

  it('names a wrong type, a missing field and a field the schema does not declare', () => {
    expect(answerMismatch(route(row), { id: '1', at: new Date(0), note: null })).toMatch(/id/);
    expect(answerMismatch(route(row), { id: 1, at: new Date(0) })).toMatch(/note/);
    expect(answerMismatch(route(z.array(row)), [{ id: 1, at: new Date(0), note: 'x', secret: 1 }])).toBe(
      'fields the schema does not declare: data[0].secret',
    );
  });

  it('checks a file’s content type', () => {
    const file = route({ file: ['text/plain'] });
    expect(
      answerMismatch(file, new Response('x', { headers: { 'content-type': 'text/plain; charset=utf-8' } })),
    ).toBeUndefined();
    expect(answerMismatch(file, new Response('x', { headers: { 'content-type': 'text/html' } }))).toMatch(
      /text\/html/,
    );
    expect(answerMismatch(file, { id: 1 })).toMatch(/JSON/);
  });
});

describe('GET /api/openapi.json', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.dispose());

  it('serves the document built from the routes', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(allRoutes))));
  });
});
