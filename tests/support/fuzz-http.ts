import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * The app on a real HTTP server on loopback (as main.ts serves it), in this process so that the
 * test keeps its database at hand; and raw keep-alive requests with node:http.
 */
export async function serveOnLoopback(app: Hono) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The request went out on a socket an earlier request had used (keep-alive). */
  reusedSocket: boolean;
  /** Local port of the socket (tells two connections apart). */
  localPort: number | undefined;
}

const quieted = new WeakSet<object>();

/** One request through `agent` (keep-alive, one socket), the body read to its end. */
export function rawRequest(
  agent: http.Agent,
  port: number,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: Uint8Array | string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Framed by Content-Length always (Node's client leaves it out on DELETE, and the bytes would
    // then read as a second, malformed request on the connection).
    const headers = { ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: opts.method, path: opts.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: req.reusedSocket,
            localPort: req.socket?.localPort,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A server that answers before reading the body may close the socket while the body is still
    // being written: that EPIPE/ECONNRESET is the request's failure, not an uncaught exception.
    req.on('socket', (socket) => {
      if (quieted.has(socket)) return;
      quieted.add(socket);
      socket.on('error', () => {});
    });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    // A refused request's body may not be read; a write error then is the server's to explain.
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}
