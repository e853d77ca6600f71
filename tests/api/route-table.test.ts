import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '../../src/server/http/route.ts';
import { allRoutes } from '../../src/server/modules/index.ts';

/**
 * The route table does not depend on the order of `allRoutes`: with numeric path parameters
 * constrained to digits (`:id{[0-9]+}`), a path made from one route (its parameters filled with
 * digits) is matched by that route's pattern alone among the routes of its method, so whichever
 * comes first answers the same. Hono's own matching decides, on the routes as declared and in
 * reverse order.
 */

const key = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path}`;

/** A concrete path of `route`: every parameter (constrained or not) filled with `digits`. */
const samplePath = (route: AnyRoute, digits: string) => route.path.replace(/:\w+(\{[^}]*\})?/g, digits);

/** For each sample path, the routes (by key) whose pattern Hono matches, in the order Hono runs them. */
async function matches(routes: AnyRoute[], samples: { method: string; path: string }[]) {
  const app = new Hono<{ Variables: { hits: string[] } }>();
  app.use('*', async (c, next) => {
    c.set('hits', []);
    await next();
  });
  for (const r of routes) {
    app.on(r.method.toUpperCase(), r.path, async (c, next) => {
      c.get('hits').push(key(r));
      await next();
    });
  }
  app.all('*', (c) => c.json(c.get('hits')));
  const out: string[][] = [];
  for (const s of samples) out.push(await (await app.request(s.path, { method: s.method })).json());
  return out;
}

describe('the route table', () => {
  const samples = allRoutes.flatMap((r) =>
    ['7', '2147483647'].map((digits) => ({
      route: key(r),
      method: r.method.toUpperCase(),
      path: samplePath(r, digits),
    })),
  );

  it('declares each method and path once', () => {
    const keys = allRoutes.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('matches a path of each route with that route alone, in either order of the routes', async () => {
    for (const routes of [allRoutes, [...allRoutes].reverse()]) {
      const found = await matches(routes, samples);
      const wrong = samples
        .map((s, i) => ({ path: `${s.method} ${s.path}`, route: s.route, matched: found[i]! }))
        .filter((m) => m.matched.length !== 1 || m.matched[0] !== m.route);
      expect(wrong).toEqual([]);
    }
  });

  it('constrains every numeric path parameter to digits', () => {
    // A parameter the route's own schema reads as a number must be digits in the path too.
    const loose = allRoutes.flatMap((r) => {
      const shape =
        (r.params as { shape?: Record<string, { def?: { type?: string } }> } | undefined)?.shape ?? {};
      return [...r.path.matchAll(/:(\w+)(\{[^}]*\})?/g)]
        .filter(([, name, constraint]) => shape[name!]?.def?.type === 'number' && constraint !== '{[0-9]+}')
        .map(([, name]) => `${key(r)} :${name}`);
    });
    expect(loose).toEqual([]);
  });

  it('writes each path as one literal string in its module or its entity description, where a search finds it', () => {
    // an entity's paths are written in its description (src/contract), the others in their module
    const source = ['../../src/server/modules', '../../src/contract']
      .flatMap((rel) => {
        const dir = join(import.meta.dirname, rel);
        return readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          .map((f) => readFileSync(join(dir, f), 'utf8'));
      })
      .join('\n');
    const missing = allRoutes.filter((r) => !source.includes(`'${r.path}'`)).map(key);
    expect(missing).toEqual([]);
  });
});
