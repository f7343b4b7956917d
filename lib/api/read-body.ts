// Reads request bodies with a hard byte cap, streaming: never holds more than the cap plus one chunk.
import { decodeUtf8OrThrow, locateInvalidUtf8 } from '@/lib/converter/utf8';
import { ApiError } from './errors';
import { formatBytes, formatOverLimit } from './format-bytes';
import { isJsonMediaType, isRawMediaType, mediaTypeOf, RAW_MEDIA_TYPES } from './media-type';

const MIB = 1024 * 1024;
/** The unread rest of a refused body is not worth draining: the connection ends with the response. */
const CLOSE = { headers: { Connection: 'close' } };

/** A JSON body may be larger than its `input`: escaping inflates (`"` -> `\"`, newline -> `\n`). */
export function jsonBodyCap(maxInputBytes: number): number {
  return 2 * maxInputBytes + MIB;
}

/** Reads a JSON request body and returns the object it holds (400/413/415 otherwise). */
export async function readJsonBody(request: Request, maxInputBytes: number): Promise<Record<string, unknown>> {
  const cap = jsonBodyCap(maxInputBytes);
  const tooLarge = (size: string) =>
    new ApiError(
      'payload_too_large',
      `The request body is ${size}; with an input limit of ${formatBytes(maxInputBytes)}, a JSON body may be at most ${formatBytes(cap, 2)}.`,
      CLOSE,
    );
  checkContentLength(request, cap, (length) => tooLarge(formatOverLimit(length, cap).size));
  const type = mediaTypeOf(request);
  if (!isJsonMediaType(type)) {
    throw new ApiError(
      'unsupported_media_type',
      `${type ? `Content-Type "${type}" is not accepted` : 'The request has no Content-Type'}; send a JSON body with Content-Type: application/json.`,
    );
  }
  const bytes = await readBytesCapped(request, cap, () => tooLarge(`more than ${formatBytes(cap, 2)}`));
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

/** Reads a raw-mode body (the document itself) as bytes, at most `maxInputBytes` of them. */
export async function readRawBody(request: Request, maxInputBytes: number): Promise<Uint8Array> {
  const tooLarge = (size: string) =>
    new ApiError('payload_too_large', `Input is ${size}; the limit is ${formatBytes(maxInputBytes)}.`, CLOSE);
  checkContentLength(request, maxInputBytes, (length) => {
    const s = formatOverLimit(length, maxInputBytes);
    return new ApiError('payload_too_large', `Input is ${s.size}; the limit is ${s.limit}.`, CLOSE);
  });
  const type = mediaTypeOf(request);
  if (!isRawMediaType(type)) {
    throw new ApiError(
      'unsupported_media_type',
      `Content-Type "${type}" is not accepted in raw mode; send the document itself as one of: ${RAW_MEDIA_TYPES.join(', ')}.`,
    );
  }
  return readBytesCapped(request, maxInputBytes, () => tooLarge(`more than ${formatBytes(maxInputBytes)}`));
}

/** Refuses a declared length over the cap without reading anything. */
function checkContentLength(request: Request, cap: number, error: (length: number) => ApiError): void {
  const header = request.headers.get('content-length');
  if (header === null || !/^\s*\d+\s*$/.test(header)) return;
  const length = Number(header);
  if (length > cap) throw error(length);
}

async function readBytesCapped(request: Request, cap: number, tooLarge: () => ApiError): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      // Stop here: the rest is neither read nor buffered.
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}...`;
}
