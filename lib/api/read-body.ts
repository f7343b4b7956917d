// Reads request bodies with a hard byte cap, streaming: never holds more than the cap plus one chunk.
// The bytes land in blocks this module allocates as they arrive (a declared Content-Length is
// never allocated ahead: a client declaring 100 MB and sending nothing holds at most 64 KiB), so a
// large body can be handed to a worker thread by transfer instead of by copy (see run-converter.ts).
// Every body of an account still arriving takes a place in the body gate first (body-gate.ts: its
// uploads at once; a body already received whole takes none),
// and bodies over 1 MiB one more (per account and in total).
import { joinBlocks, type BodyBytes } from '@/lib/jobs/body-bytes';
import { parseJsonBody } from '@/lib/jobs/read-request';
import { formatBytes, formatOverLimit } from '@/lib/format/format-bytes';
import { gateRefusal, LARGE_BODY_BYTES, type BodyGate, type BodyGatePlace } from './body-gate';
import { ApiError } from './errors';
import { isJsonMediaType, isRawMediaType, mediaTypeOf, RAW_MEDIA_TYPES } from './media-type';
import type { ApiRequest, BodyReader } from './with-api';

const MIB = 1024 * 1024;
/** The unread rest of a refused body is not worth draining: the connection ends with the response. */
const CLOSE = { headers: { Connection: 'close' } };
/** Blocks start at 64 KiB and double, as bytes arrive, up to 16 MiB (never past the declared length). */
const FIRST_BLOCK = 64 * 1024;
const LARGEST_BLOCK = 16 * MIB;

/** Whose body it is, for the body gate's share per account. */
export interface BodyReadOptions {
  /** The account sending it (none for requests without one: counted in the total only). */
  account?: string;
  /** The process's gate (ctx.services.bodyGate): an account's uploads and large bodies at once, and the bytes bodies hold. */
  gate: BodyGate;
  /** Counts the bytes read (withApi's context: the request log's input bytes). */
  counter?: { inputBytes: number };
}

/** A place in the gate for a large body (429 or 503 when there is none). */
function enterGate(gate: BodyGate, account: string | undefined): () => void {
  return placeOrThrow(gate.enter(account));
}

/** A place among the account's uploads at once, whatever the body's size (429 when there is none). */
function enterUploads(gate: BodyGate, account: string | undefined): () => void {
  return placeOrThrow(gate.enterUpload(account));
}

function placeOrThrow(place: BodyGatePlace): () => void {
  if ('refused' in place) throw gateRefusal(place);
  return place.leave;
}

/** A JSON body may be larger than its `input`: escaping inflates (`"` -> `\"`, newline -> `\n`). */
export function jsonBodyCap(maxInputBytes: number): number {
  return 2 * maxInputBytes + MIB;
}

/** Reads a JSON request body and returns the object it holds (400/413/415 otherwise). */
export async function readJsonBody(request: ApiRequest, maxInputBytes: number, options: BodyReadOptions): Promise<Record<string, unknown>> {
  return parseJsonBody(joinBlocks(await readJsonBodyBytes(request, maxInputBytes, options)));
}

/** Checks the length and type of a JSON request body and reads its bytes (413/415 otherwise). */
export async function readJsonBodyBytes(request: ApiRequest, maxInputBytes: number, options: BodyReadOptions): Promise<BodyBytes> {
  const cap = jsonBodyCap(maxInputBytes);
  const tooLarge = (size: string) =>
    new ApiError(
      'payload_too_large',
      `The request body is ${size}; with an input limit of ${formatBytes(maxInputBytes)}, a JSON body may be at most ${formatBytes(cap, 2)}.`,
      CLOSE,
    );
  const declared = checkContentLength(request, cap, (length) => tooLarge(formatOverLimit(length, cap).size));
  const type = mediaTypeOf(request);
  if (!isJsonMediaType(type)) {
    throw new ApiError(
      'unsupported_media_type',
      `${type ? `Content-Type "${type}" is not accepted` : 'The request has no Content-Type'}; send a JSON body with Content-Type: application/json.`,
    );
  }
  return readBytesCapped(request, cap, declared, () => tooLarge(`more than ${formatBytes(cap, 2)}`), options);
}

/** Reads a raw-mode body (the document itself) as bytes, at most `maxInputBytes` of them. */
export async function readRawBody(request: ApiRequest, maxInputBytes: number, options: BodyReadOptions): Promise<BodyBytes> {
  const tooLarge = (size: string) => new ApiError('payload_too_large', `Input is ${size}; the limit is ${formatBytes(maxInputBytes)}.`, CLOSE);
  const declared = checkContentLength(request, maxInputBytes, (length) => {
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
  return readBytesCapped(request, maxInputBytes, declared, () => tooLarge(`more than ${formatBytes(maxInputBytes)}`), options);
}

/** Refuses a declared length over the cap without reading anything; returns the declared length. */
function checkContentLength(request: ApiRequest, cap: number, error: (length: number) => ApiError): number | null {
  const header = request.headers.get('content-length');
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const length = Number(header);
  if (length > cap) throw error(length);
  return length;
}

/**
 * Copies the body into blocks of our own as it arrives: 64 KiB first, each next block twice the
 * last (at most 16 MiB, and never more than the declared length or the cap still allows), so
 * memory follows the bytes received, not the bytes announced. A chunk is copied as it arrives, so
 * no step copies the whole body at once on the event loop. The body first takes a place among its
 * account's uploads, and one over 1 MiB (declared, or once that much has arrived) a place for
 * large bodies (429/503 when there is none: nothing is read).
 */
async function readBytesCapped(
  request: ApiRequest,
  cap: number,
  declared: number | null,
  tooLarge: () => ApiError,
  options: BodyReadOptions,
): Promise<BodyBytes> {
  if (!request.body) return { blocks: [new Uint8Array(0)], byteLength: 0 };
  // A body already received whole is no upload under way: it holds no connection open for its
  // client, so a burst of small requests (each arriving in one packet) takes no upload places.
  const arrived = 'arrived' in request.body && request.body.arrived?.() === true;
  const leaveUploads = arrived ? () => {} : enterUploads(options.gate, options.account);
  let leave: (() => void) | null = null;
  try {
    if (declared !== null && declared > LARGE_BODY_BYTES) leave = enterGate(options.gate, options.account);
  } catch (err) {
    leaveUploads();
    throw err;
  }
  const reader: BodyReader = 'openReader' in request.body ? request.body.openReader() : request.body.getReader();
  const blocks: Uint8Array[] = [];
  const gate = options.gate;
  let allocated = 0;
  const allocate = (size: number) => {
    allocated += size;
    gate.holdBytes(size);
    return new Uint8Array(size);
  };
  try {
    let block = allocate(Math.min(FIRST_BLOCK, declared ?? FIRST_BLOCK, cap));
    let used = 0;
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (options.counter) options.counter.inputBytes += value.byteLength;
      if (total > cap) {
        // Stop here: the rest is neither read nor buffered.
        reader.cancel().catch(() => {});
        throw tooLarge();
      }
      if (!leave && total > LARGE_BODY_BYTES) {
        try {
          leave = enterGate(options.gate, options.account);
        } catch (err) {
          reader.cancel().catch(() => {});
          throw err;
        }
      }
      let chunk: Uint8Array = value;
      while (chunk.byteLength > 0) {
        if (used === block.byteLength) {
          if (used > 0) blocks.push(block);
          const placed = total - chunk.byteLength;
          const bound = declared !== null && placed < declared ? declared : cap;
          block = allocate(Math.min(LARGEST_BLOCK, Math.max(FIRST_BLOCK, 2 * block.byteLength), Math.max(bound - placed, chunk.byteLength)));
          used = 0;
        }
        const n = Math.min(chunk.byteLength, block.byteLength - used);
        block.set(n === chunk.byteLength ? chunk : chunk.subarray(0, n), used);
        used += n;
        chunk = chunk.subarray(n);
      }
    }
    if (used > 0 || blocks.length === 0) blocks.push(used === block.byteLength ? block : block.subarray(0, used));
    return { blocks, byteLength: total };
  } finally {
    gate.holdBytes(-allocated);
    leave?.();
    leaveUploads();
  }
}
