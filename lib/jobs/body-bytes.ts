// A request body as bytes, and the JSON object it holds: what a conversion job reads, on the
// request thread or in a worker (no lib/api, no Node built-ins).
import { decodeUtf8OrThrow, locateInvalidUtf8 } from '@/lib/converter/utf8';
import { ApiError } from '@/lib/errors/api-error';

/**
 * A request body as read: blocks of bytes that only this body uses (each owns its
 * ArrayBuffer, so they can be transferred to a worker), in order.
 */
export interface BodyBytes {
  blocks: Uint8Array[];
  byteLength: number;
}

/** The body's bytes in one array (no copy when it is one block). */
export function joinBlocks(body: BodyBytes): Uint8Array {
  if (body.blocks.length === 1) return body.blocks[0]!;
  const bytes = new Uint8Array(body.byteLength);
  let offset = 0;
  for (const block of body.blocks) {
    bytes.set(block, offset);
    offset += block.byteLength;
  }
  return bytes;
}

/** The object a JSON body holds (400 for an empty body, bad UTF-8, bad JSON or a non-object). */
export function parseJsonBody(bytes: Uint8Array): Record<string, unknown> {
  if (bytes.length === 0) {
    throw new ApiError('bad_request', 'The request body is empty; send a JSON object such as {"input": "a: 1", ...}.');
  }
  let text: string;
  try {
    text = decodeUtf8OrThrow(bytes);
  } catch {
    const at = locateInvalidUtf8(bytes);
    throw new ApiError('bad_request', `The request body is not valid UTF-8: ${at.message}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiError('bad_request', `The request body is not valid JSON: ${truncate(reason, 200)}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const what = body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    throw new ApiError('bad_request', `The request body must be a JSON object, not ${what}.`);
  }
  return body as Record<string, unknown>;
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}...`;
}
