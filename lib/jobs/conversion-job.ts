// Everything a convert, format or validate request needs once its body is read, as one function of
// bytes to bytes: the pool (lib/api/run-converter.ts) calls it on the request thread for small bodies
// and in a worker thread for large ones, so a 100 MB body is never decoded, parsed or serialised on
// the event loop. Server-side (the pool's workers and the request thread), never lib/api: workers/ imports it.
import {
  convertChecked,
  DeadlineExceeded,
  decodeUtf8OrThrow,
  NO_DEADLINE,
  type CheckedConvertRequest,
  type ConvertResult,
  type Deadline,
} from '@/lib/converter';
import { BACKSLASH, COMMA, DQUOTE, LBRACE, LBRACKET, RBRACE, RBRACKET } from '@/lib/converter/chars';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { validateDocument } from '@/lib/schema';
import { joinBlocks, type BodyBytes } from './body-bytes';
import { readConvertRequest, readFormatRequest, readValidateRequest, type InputLimit } from './read-request';

export type ConversionJob =
  /** POST /api/convert, JSON body. */
  | { kind: 'convert'; body: BodyBytes; limit: InputLimit }
  /** POST /api/validate. */
  | { kind: 'validate'; body: BodyBytes; limit: InputLimit }
  /** POST /api/format: a convert whose output format is its input format. */
  | { kind: 'format'; body: BodyBytes; limit: InputLimit }
  /** POST /api/convert?from=&to=: the body is the document (already within the limit), the query checked already. */
  | { kind: 'convert-raw'; body: BodyBytes; request: Omit<CheckedConvertRequest, 'input'> };

export interface JobAnswer {
  /** The 200 response body: the JSON answer, or in raw mode the converted document. */
  body: Uint8Array;
  /** Raw mode: metadata and warnings, for the X-Conversion-* headers. */
  conversion?: Omit<ConvertResult, 'output'>;
  /** Convert and format: `<input>-><output>` (`yaml->json`), for the metrics (lib/observability/metrics.ts); validate has none. */
  direction?: string;
}

/**
 * Answers a job, or throws the ApiError / ConversionError its request deserves. With a deadline
 * (the request thread's), throws DeadlineExceeded once the work runs past it: the body's JSON is
 * parsed natively in linear time, the converter checks the deadline as it goes.
 */
export function answerJob(job: ConversionJob, deadline: Deadline = NO_DEADLINE): JobAnswer {
  const bytes = joinBlocks(job.body);
  // JSON.parse grows faster than the body with deep nesting (a 256 KiB body of `[[[...` takes
  // 30-70 ms): a body with more structure than a request needs is parsed in a worker instead.
  if (deadline !== NO_DEADLINE && job.kind !== 'convert-raw' && isStructurallyHeavy(bytes)) throw new DeadlineExceeded(0);
  switch (job.kind) {
    case 'convert':
    case 'format': {
      const request = job.kind === 'convert' ? readConvertRequest(bytes, job.limit) : readFormatRequest(bytes, job.limit);
      return { body: utf8(JSON.stringify(convertChecked(request, { deadline }))), direction: `${request.from}->${request.to}` };
    }
    case 'validate': {
      const request = readValidateRequest(bytes, job.limit);
      // A schema check runs only in a worker: ajv's generated code cannot be stopped by a deadline,
      // only by the worker's time limit (the last net; lib/schema keeps every keyword linear).
      if (request.schema !== undefined && deadline !== NO_DEADLINE) throw new DeadlineExceeded(0);
      return { body: utf8(JSON.stringify(validateDocument(request, { deadline, catalog: bundledCatalog() }))) };
    }
    case 'convert-raw': {
      const { output, ...conversion } = convertChecked({ ...job.request, input: decodeUtf8OrThrow(bytes) }, { deadline });
      return { body: utf8(output), conversion, direction: `${job.request.from}->${job.request.to}` };
    }
  }
}

/** Beyond these, a JSON body is parsed off the request thread. A request is one object of a few fields. */
export const ENVELOPE_MAX_DEPTH = 16;
export const ENVELOPE_MAX_TOKENS = 1024;

/**
 * Whether a JSON body nests deeper than ENVELOPE_MAX_DEPTH or has more than ENVELOPE_MAX_TOKENS
 * strings, containers and commas. One pass over the bytes; strings are skipped with the native
 * indexOf, so a request of a few long strings costs well under a millisecond per 256 KiB.
 */
export function isStructurallyHeavy(bytes: Uint8Array): boolean {
  let depth = 0;
  let tokens = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === DQUOTE) {
      // The closing quote: the next one not escaped by an odd run of backslashes.
      let end = i;
      for (;;) {
        end = bytes.indexOf(DQUOTE, end + 1);
        if (end === -1) return false; // unterminated: JSON.parse refuses it at once
        let slashes = 0;
        while (bytes[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
      tokens++;
    } else if (b === LBRACE || b === LBRACKET) {
      tokens++;
      if (++depth > ENVELOPE_MAX_DEPTH) return true;
    } else if (b === RBRACE || b === RBRACKET) {
      depth--;
    } else if (b === COMMA) {
      tokens++;
    } else {
      continue;
    }
    if (tokens > ENVELOPE_MAX_TOKENS) return true;
  }
  return false;
}

/** Buffer.from is about twice as fast as TextEncoder on strings with non-Latin-1 characters. */
function utf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}
