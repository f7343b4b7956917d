// Serves an endpoint from a Next.js route file: the Web Request goes in as is (it is an
// ApiRequest), the route's params (Next.js's, from the folder names) go to the handler's context,
// and the reply comes out as a Response. Which endpoint a file serves: routes.ts (nextRoutes).
import type { ApiReply } from './reply';
import type { Endpoint, RouteParams } from './with-api';

const SLICE = 1024 * 1024;

/** The second argument Next.js gives a route handler. */
export interface NextRouteContext {
  params?: Promise<Record<string, string | string[] | undefined>>;
}

export type NextRouteHandler = (request: Request, context?: NextRouteContext) => Promise<Response>;

/** `path`: the route table's path of the file (the request's label in the log and metrics). */
export function route(endpoint: Endpoint, path?: string): NextRouteHandler {
  return async (request, context) => toResponse(await endpoint(request, routeParams(await context?.params), path));
}

/**
 * Next.js gives a route without dynamic segments no params at all. Our routes have one-segment params only
 * (`[id]`); a catch-all's segments would be joined back with `/`.
 */
function routeParams(params: Record<string, string | string[] | undefined> | undefined): RouteParams | undefined {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join('/') : value;
  }
  return out;
}

export function toResponse(reply: ApiReply): Response {
  const { status, headers, body } = reply;
  // A 204 or 304 has no body: the Response constructor refuses one, an empty string included.
  if (status === 204 || status === 304) return new Response(null, { status, headers });
  if (typeof body === 'string' || body.byteLength <= SLICE) {
    return new Response(body as string | Uint8Array<ArrayBuffer>, { status, headers });
  }
  // `new Response(bytes)` copies a typed array (undici clones BufferSource bodies); for a large
  // answer that is a long copy on the event loop. A stream of views into the same bytes is not.
  // A default stream: a byte stream would detach (transfer) the buffer of the first view.
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(body.subarray(offset, offset + SLICE));
      offset += SLICE;
      if (offset >= body.byteLength) controller.close();
    },
  });
  const response = new Response(stream, { status, headers });
  response.headers.set('Content-Length', String(body.byteLength));
  return response;
}
