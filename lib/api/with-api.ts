// Wraps every API handler: request id, guards, the one error path, and the security headers. Handlers see a small
// request interface and answer with plain data (ApiReply), so the same endpoint is served by a
// Next.js route file (next-route.ts) and by the server's node:http front (lib/http/front.ts)
// without a Web Request/Response pair per call on the fast path.
import { API_SECURITY_HEADERS, HSTS_VALUE, isHttpsRequest } from '@/lib/http/security-headers';
import type { Dependency } from '@/lib/dependencies';
import { type FailureReport, toErrorReply } from './errors';
import { isApiError } from '@/lib/errors/api-error';
import type { ApiReply } from './reply';
import { newRequestId } from './request-id';
import type { KeyOwner } from '@/lib/accounts/api-keys';
import type { PublicUser } from '@/lib/accounts/users';
import { services, type Services } from '@/lib/services/seam';

export type { ApiReply } from './reply';

/** Reads a request body in chunks, like a Web ReadableStream's reader. */
export interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(): Promise<void>;
}

/** A body that is not a Web stream (the front's node:http request): read without one. */
export interface BodySource {
  openReader(): BodyReader;
  /**
   * True when every byte of the body has already been received (it waits in memory, holding no
   * upload open): such a body takes no place among its account's uploads (body-gate.ts).
   */
  arrived?(): boolean;
}

/**
 * What an API handler may read of a request: the part of a Web `Request` it uses, so a Next.js
 * route passes its Request as is and the node:http front passes a light object.
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  /** Aborted when the client goes away (read it only when needed: the front creates it lazily). */
  readonly signal: AbortSignal;
  readonly body: ReadableStream<Uint8Array> | BodySource | null;
}

/** A route's path parameters by name: `{ id }` for `/api/dashboard/keys/[id]` (the table's `[name]` segments). */
export type RouteParams = Readonly<Record<string, string>>;

const NO_PARAMS: RouteParams = Object.freeze({});

export interface ApiContext {
  /** `req_...`, sent back as `X-Request-Id` and in every error body. */
  readonly requestId: string;
  /** The path's parameters (`[id]` of a route file's folder), filled by Next.js; the front's public paths have none. */
  readonly params: RouteParams;
  /** The server's database, quota store, key lookup, pool, body gate and configuration. */
  readonly services: Services;
  /** The largest `input` accepted, in UTF-8 bytes; a guard may set the account's plan limit. */
  maxInputBytes: number;
  /** Named in the 413 message when set ("the Free plan accepts up to 1 MB"). */
  planName?: string;
  /** The key and account of the request, once the key guard accepted it. */
  account?: KeyOwner;
  /** The signed-in user of a dashboard request, once the session guard accepted it. */
  user?: PublicUser;
  /** Headers added to the response, success or error (a reply's own headers win). */
  readonly responseHeaders: Record<string, string>;
  /** Body bytes read so far (the body reader counts them); the request log's input bytes. */
  inputBytes: number;
}

/** Runs before the handler; throws an ApiError to refuse the request. */
export type ApiGuard = (request: ApiRequest, ctx: ApiContext) => void | Promise<void>;
export type ApiHandler = (request: ApiRequest, ctx: ApiContext) => ApiReply | Promise<ApiReply>;
/**
 * A handler with its guards and error path: what route files and the front serve. `route` is the route
 * table's path it is served under (`/api/dashboard/keys/[id]`), the request's label in the log and metrics.
 */
export type Endpoint = (request: ApiRequest, params?: RouteParams, route?: string) => Promise<ApiReply>;

export interface WithApiOptions {
  guards?: readonly ApiGuard[];
}

export function withApi(handler: ApiHandler, options: WithApiOptions = {}): Endpoint {
  const guards = options.guards ?? [];
  return async (request, params = NO_PARAMS, route) => {
    const installed = services();
    const started = Date.now();
    const startedTick = performance.now();
    const ctx: ApiContext = {
      requestId: newRequestId(),
      params,
      services: installed,
      maxInputBytes: installed.config.maxInputBytes,
      responseHeaders: {},
      inputBytes: 0,
    };
    let reply: ApiReply;
    let failure: Failure | undefined;
    try {
      for (const guard of guards) await guard(request, ctx);
      reply = await handler(request, ctx);
    } catch (err) {
      reply = toErrorReply(err, ctx.requestId, (f) => {
        failure = f;
      });
      // A 503 a handler built itself (the health checks) names its dependencies on the error.
      if (!failure && isApiError(err) && err.dependencies) failure = { dependencies: err.dependencies };
    }
    // Header names are compared case-insensitively; replies and guards use canonical case.
    const headers: Record<string, string> = {
      ...API_SECURITY_HEADERS,
      ...(isHttpsRequest(request.headers, installed.config.siteIsHttps) ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
      ...ctx.responseHeaders,
      ...reply.headers,
      'X-Request-Id': ctx.requestId,
    };
    const ended = endOfRequest(request, ctx, reply, startedTick, route);
    if (ctx.account) recordCall(ctx, ended, started);
    observe(ctx, ended, failure);
    return { status: reply.status, headers, body: reply.body };
  };
}

type Failure = Parameters<FailureReport>[0] | { dependencies: readonly Dependency[] };

/** What the request log, the per-key usage and the metrics say of a request as it ended. */
interface EndedRequest {
  method: string;
  /** The URL's path (the usage log's endpoint). */
  path: string;
  /** The route table's path: `[id]` for its parameters, so the metrics have one series per route. */
  route: string;
  status: number;
  errorCode: string | null;
  inputBytes: number;
  outputBytes: number;
  durationMs: number;
}

const PATH = /^[a-z]+:\/\/[^/]*(\/[^?#]*)/i;

function endOfRequest(request: ApiRequest, ctx: ApiContext, reply: ApiReply, startedTick: number, route: string | undefined): EndedRequest {
  const body = reply.body;
  const outputBytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  let inputBytes = ctx.inputBytes;
  if (inputBytes === 0) {
    // Refused before reading (413 on its declared length): the length it declared.
    const declared = Number(request.headers.get('content-length'));
    if (Number.isSafeInteger(declared) && declared > 0) inputBytes = Math.min(declared, 2 ** 31 - 1);
  }
  const path = PATH.exec(request.url)?.[1] ?? '/';
  return {
    method: request.method.slice(0, 16),
    path: path.slice(0, 100),
    route: route ?? routeOf(path, ctx.params),
    status: reply.status,
    errorCode: reply.errorCode ?? null,
    inputBytes,
    outputBytes,
    durationMs: performance.now() - startedTick,
  };
}

/**
 * Without the table's path (an endpoint called directly, in tests): the URL's path, its parameters'
 * segments named (`/api/dashboard/keys/key_x/revoke` with `{ id: 'key_x' }` -> `.../keys/[id]/revoke`).
 */
function routeOf(path: string, params: RouteParams): string {
  const names = Object.keys(params);
  if (names.length === 0) return path.slice(0, 100);
  const segments = path.split('/');
  for (const name of names) {
    const found = segments.findIndex((segment) => segment === params[name] || safeDecode(segment) === params[name]);
    if (found !== -1) segments[found] = `[${name}]`;
  }
  return segments.join('/').slice(0, 100);
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A keyed request as it ended, for the key's usage and the account's request log: counted in memory by
 * the services' recorder (lib/accounts/key-usage/recorder.ts), written in batches. The body is never kept.
 */
function recordCall(ctx: ApiContext, ended: EndedRequest, started: number): void {
  const account = ctx.account!;
  ctx.services.usage.record({
    at: started,
    userId: account.userId,
    keyId: account.keyId,
    keyPrefix: account.prefix,
    method: ended.method,
    endpoint: ended.path,
    status: ended.status,
    errorCode: ended.errorCode,
    inputBytes: ended.inputBytes,
    outputBytes: ended.outputBytes,
    durationMs: Math.min(2 ** 31 - 1, Math.round(ended.durationMs)),
    requestId: ctx.requestId,
  });
}

/**
 * The request's one log line and its metrics (lib/observability). The line names the account by id and
 * the key by its display prefix, never an email, a key, a cookie or a header; a 500 carries its stack.
 */
function observe(ctx: ApiContext, ended: EndedRequest, failure: Failure | undefined): void {
  const { log, metrics } = ctx.services;
  metrics.request(ended.route, ended.method, ended.status, ended.durationMs / 1000);
  const dependencies =
    failure === undefined ? [] : 'dependency' in failure ? [failure.dependency] : 'dependencies' in failure ? failure.dependencies : [];
  for (const dependency of dependencies) metrics.dependencyErrors.inc({ dependency });
  const line: Record<string, unknown> = {
    requestId: ctx.requestId,
    accountId: ctx.account?.userId ?? ctx.user?.id ?? null,
    keyPrefix: ctx.account?.prefix ?? null,
    route: ended.route,
    method: ended.method,
    status: ended.status,
    errorCode: ended.errorCode,
    inputBytes: ended.inputBytes,
    outputBytes: ended.outputBytes,
    durationMs: Math.round(ended.durationMs * 10) / 10,
  };
  if (failure && 'internal' in failure) {
    log.error({ ...line, err: failure.internal }, 'request failed');
  } else if (dependencies.length > 0) {
    log.warn({ ...line, dependencies, detail: failure && 'detail' in failure ? failure.detail : undefined }, 'request: dependency unavailable');
  } else {
    log.info(line, 'request');
  }
}
