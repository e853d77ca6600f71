import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Reads and discards a request body the answer did not need (a 401, 403 or 419 is decided before
 * the body is read), before the answer goes out. Left unread, the body would still be arriving
 * when the next request on the same keep-alive connection is due, and the HTTP server would cut
 * the connection (and that request with it) after a short drain. Bodies over `maxBytes` are not
 * read: the answer asks the client to close the connection instead (`Connection: close`).
 * A no-op outside a Node HTTP server (requests made in process have no socket).
 */
export async function drainUnreadBody(c: Context, maxBytes: number): Promise<void> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || incoming.destroyed) return;
  // The socket's own headers (the request's body stream is read below, through the Request).
  const length = Number(incoming.headers['content-length']);
  const chunked = /chunked/i.test(String(incoming.headers['transfer-encoding'] ?? ''));
  if (!chunked && !(length > 0)) return;
  if (length > maxBytes) {
    c.header('Connection', 'close');
    return;
  }
  // Through the Request's stream: once created (any middleware asking for `body` creates it),
  // it holds the socket's data, so reading the socket beside it would stall.
  const raw = c.req.raw;
  if (raw.bodyUsed || !raw.body || raw.body.locked) return;
  const reader = raw.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > maxBytes) {
        c.header('Connection', 'close');
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away: nothing left to keep in step
  } finally {
    reader.releaseLock();
  }
}
