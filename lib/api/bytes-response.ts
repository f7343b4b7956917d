// A 200 response whose body is bytes already encoded (by a conversion job), sent without copying them.
const SLICE = 1024 * 1024;

/**
 * `new Response(bytes)` copies a typed array (undici clones BufferSource bodies); for a large
 * answer that is a long copy on the event loop. A stream of views into the same bytes is not.
 */
export function bytesResponse(bytes: Uint8Array, headers: HeadersInit): Response {
  if (bytes.byteLength <= SLICE) return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
  let offset = 0;
  // A default stream: a byte stream would detach (transfer) the buffer of the first view.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, offset + SLICE));
      offset += SLICE;
      if (offset >= bytes.byteLength) controller.close();
    },
  });
  const response = new Response(body, { headers });
  response.headers.set('Content-Length', String(bytes.byteLength));
  return response;
}
