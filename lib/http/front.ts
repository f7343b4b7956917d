// The server's front for the public API: node:http requests to the paths of the public route table
// (lib/api/public-routes.ts) go straight to the endpoints the route files serve, without Next.js's
// per-request cost (why, with the figures: ARCHITECTURE.md, "Why a front"). Every other path is
// Next.js's.
//
// Part of the server's bundle (lib/http/server.ts, build/server.mjs): the same copy of lib/ as the services.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, logFailure, toErrorReply } from '@/lib/api/errors';
import { services } from '@/lib/services/seam';
import { findPublicRoute, PUBLIC_ROUTES } from '@/lib/api/public-routes';
import type { ApiReply } from '@/lib/api/reply';
import { newRequestId } from '@/lib/api/request-id';
import { endpointFor, type Route } from '@/lib/api/route-table';
import type { ApiRequest, BodyReader, BodySource } from '@/lib/api/with-api';

/** Answers a public API path and returns true; returns false for every other path. */
export function serveApi(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const found = findPublicRoute(path);
  if (!found) return false;
  const route: Route = PUBLIC_ROUTES[found.path];
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    const allow = Object.keys(route.methods);
    if (allow.includes('GET')) allow.push('HEAD');
    res.writeHead(204, { Allow: [...allow, 'OPTIONS'].join(', '), 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  // HEAD is GET without the body (node:http leaves the body out of a HEAD answer).
  const served = method === 'HEAD' ? 'GET' : method;
  endpointFor(route, served)(new NodeApiRequest(req, res), found.params, found.path).then(
    (reply) => send(req, res, reply),
    // withApi answers every error itself; this only guards against a fault in the wrapper.
    (err: unknown) => {
      const requestId = newRequestId();
      send(req, res, toErrorReply(err, requestId, logFailure(services().log, requestId)));
    },
  );
  return true;
}

function send(req: IncomingMessage, res: ServerResponse, reply: ApiReply): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const { body } = reply;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (reply.headers.Connection === 'close' && !req.complete) lingerAfterAnswer(res);
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': length });
  res.end(body);
}

/** How long a refused body may go on arriving after the answer, before the connection is dropped. */
const LINGER_MS = 2_000;

/**
 * A body refused while it still arrives (413) is answered with `Connection: close`. Node then
 * destroys the socket as soon as the answer is written, and the client's further bytes make the
 * kernel reset the connection, which can destroy the answer before the client reads it. This
 * closes the way HTTP servers do (a lingering close): end our side after the answer, read and
 * drop what the client still sends, and drop the connection when the client closes or after
 * LINGER_MS.
 */
function lingerAfterAnswer(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.on('data', () => {});
    this.end();
    this.resume();
  };
}

/** The request as handlers read it; the abort signal and the body reader are made only when asked for. */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: BodySource | null;
  readonly #res: ServerResponse;
  #controller: AbortController | undefined;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.method = req.method ?? 'GET';
    this.url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
    const headers = req.headers;
    this.headers = {
      get(name) {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    };
    this.body = this.method === 'GET' || this.method === 'HEAD' ? null : { openReader: () => bodyReader(req), arrived: () => bodyArrived(req) };
    this.#res = res;
  }

  /** Aborted when the client goes away before its answer is written. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      const res = this.#res;
      if (res.destroyed) controller.abort();
      else res.once('close', () => !res.writableFinished && controller.abort());
    }
    return this.#controller.signal;
  }
}

/**
 * Whether the whole body is already in memory, none of it read yet: the message is complete, or
 * the bytes buffered reach its Content-Length (node marks the message complete a tick after its
 * last bytes are buffered).
 */
function bodyArrived(req: IncomingMessage): boolean {
  if (req.complete) return true;
  const declared = req.headers['content-length'];
  return declared !== undefined && /^\d+$/.test(declared) && req.readableLength >= Number(declared);
}

/**
 * The body's chunks, one `read()` at a time; the socket is paused while chunks wait, so a slow
 * reader never buffers more than one chunk per read ahead. `cancel()` stops reading: the rest
 * is discarded as it arrives and the answer says `Connection: close`.
 */
function bodyReader(req: IncomingMessage): BodyReader {
  const queued: Buffer[] = [];
  let ended = false;
  let failure: ApiError | null = null;
  let waiting: { resolve(r: ReadableStreamReadResult<Uint8Array>): void; reject(e: ApiError): void } | null = null;

  const onData = (chunk: Buffer) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.resolve({ done: false, value: chunk });
    } else {
      queued.push(chunk);
      req.pause();
    }
  };
  const onEnd = () => {
    ended = true;
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.resolve({ done: true, value: undefined });
    }
  };
  // A client that goes away mid-body is its own 400 (nobody reads it), not a server error.
  const onError = (err: Error) => {
    failure = new ApiError('bad_request', `The request body could not be read: ${err.message}`);
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.reject(failure);
    }
  };
  const onClose = () => {
    if (!ended) onError(new Error('the client closed the connection before the body was complete.'));
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('close', onClose);
  // Gone before the handler got here (while the key was checked): no event will come.
  if (req.destroyed && !req.complete) onClose();

  return {
    read() {
      const chunk = queued.shift();
      if (chunk) {
        if (queued.length === 0) req.resume();
        return Promise.resolve({ done: false, value: chunk });
      }
      if (failure) return Promise.reject(failure);
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    cancel() {
      req.off('data', onData);
      req.off('close', onClose);
      queued.length = 0;
      // Discard the rest rather than leave it unread: the answer can then reach the client.
      req.resume();
      return Promise.resolve();
    },
  };
}
