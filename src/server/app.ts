import { existsSync, readFileSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { purger } from './auth/housekeeping.ts';
import { blockedError, isBlocked } from './auth/throttle.ts';
import { settleXsrf } from './auth/xsrf.ts';
import { drainUnreadBody } from './http/body-drain.ts';
import type { AppDeps } from './http/deps.ts';
import { HttpError } from './http/errors.ts';
import { clientIp, mountRoutes, precheckRoute } from './http/mount.ts';
import { openApiDocument } from './http/openapi.ts';
import type { AnyRoute } from './http/route.ts';
import { allRoutes } from './modules/index.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Largest request body the API reads (413 above it); field limits are the schemas' business. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Composes the Hono app: security headers, the anti-forgery cookie, every declared API route,
 * the OpenAPI document, and (when `clientDir` holds a build) the app with history fallback.
 */
export function createApp(deps: AppDeps, opts: { clientDir?: string; routes?: AnyRoute[] } = {}) {
  const routes = opts.routes ?? allRoutes;
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (deps.config.COOKIE_SECURE && deps.config.HSTS_MAX_AGE > 0)
      c.header('Strict-Transport-Security', `max-age=${deps.config.HSTS_MAX_AGE}; includeSubDomains`);
    // API answers are per user and per moment: no browser or proxy keeps them (a download that
    // sets its own Cache-Control keeps it).
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', 'no-store');
    await settleXsrf(c, deps.database.db, deps.config);
  });

  // An answer given before the body was read (401, 403, 419, 413 …) still reads the body first,
  // so the next request on the same keep-alive connection is not cut off with it.
  app.use('/api/*', async (c, next) => {
    await next();
    await drainUnreadBody(c, MAX_BODY_BYTES);
  });
  // Expired sessions, counters and codes are cleared now and then by whichever process serves.
  // A blocked address gets 403 on every API call until an admin unblocks it or the block ends.
  // For a declared route, the block, the session and the permission are read in one query (kept
  // for the route's handler); other /api/* paths (openapi.json, the 404) check the block alone.
  const purge = purger(deps.database.db);
  app.use('/api/*', async (c, next) => {
    const now = deps.now();
    await purge(now);
    const blocked =
      (await precheckRoute(c, deps, now)) ?? (await isBlocked(deps.database.db, clientIp(c, deps), now));
    if (blocked) throw blockedError();
    await next();
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'حجم درخواست بیش از اندازه مجاز است' }, 413),
    }),
  );

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      const headers: Record<string, string> = {};
      if (err.extra?.retryAfter) headers['Retry-After'] = String(err.extra.retryAfter);
      return c.json(
        { message: err.message, ...(err.fields ? { errors: err.fields } : {}), ...(err.extra ?? {}) },
        err.status as 400,
        headers,
      );
    }
    console.error(err);
    return c.json({ message: 'خطای داخلی سرور؛ دوباره تلاش کنید' }, 500);
  });

  mountRoutes(app, deps, routes);
  // Built at the first request and kept: the routes do not change while the app runs.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', (c) => {
    document ??= openApiDocument(routes);
    return c.json(document);
  });
  app.all('/api/*', (c) => c.json({ message: 'این نشانی در API وجود ندارد' }, 404));

  const clientDir = opts.clientDir;
  if (clientDir && existsSync(`${clientDir}/index.html`)) {
    const indexHtml = readFileSync(`${clientDir}/index.html`, 'utf8');
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', serveStatic({ root: clientDir }));
    app.get('*', (c) => c.html(indexHtml));
  }
  return app;
}
