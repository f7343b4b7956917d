// Serves an endpoint from a Next.js route file: the Web Request goes in as is (it is an
// ApiRequest), and the reply comes out as a Response.
import type { ApiReply } from './reply';
import type { Endpoint } from './with-api';

const SLICE = 1024 * 1024;

export function route(endpoint: Endpoint): (request: Request) => Promise<Response> {
  return async (request) => toResponse(await endpoint(request));
}

export function toResponse(reply: ApiReply): Response {
  const { status, headers, body } = reply;
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
