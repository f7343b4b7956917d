// The one check of a conversion request: the JSON a body holds (400), its fields against the
// endpoint's schema (400 naming each field, in the converter's own words: request-schemas.ts) and
// the input's size against the plan (413, on its UTF-8 bytes, before any parsing). What it returns
// the converter takes as checked (convertChecked): no field is checked twice.
import type { z } from 'zod';
import { optionsWithDefaults, type CheckedConvertRequest } from '@/lib/converter';
import { decodeUtf8OrThrow, locateInvalidUtf8, utf8ByteLength } from '@/lib/converter/utf8';
import { ApiError } from '@/lib/errors/api-error';
import { formatOverLimit } from '@/lib/format/format-bytes';
import { endpointOptions } from '@/lib/converter/options';
import { ConvertRequestSchema, FormatRequestSchema, RawConvertQuerySchema, ValidateRequestSchema } from './request-schemas';

/** The plan's input limit (a plain object, so it can travel to a worker with the job). */
export interface InputLimit {
  /** The plan's input limit, in UTF-8 bytes of `input`. */
  maxInputBytes: number;
  /** Named in the message when set. */
  planName?: string;
}

/** POST /api/convert's body, checked. */
export function readConvertRequest(bytes: Uint8Array, limit: InputLimit): CheckedConvertRequest {
  const { input, inputType, outputType, ...fields } = parseRequestOrThrow(ConvertRequestSchema, parseJsonBody(bytes));
  checkInputSizeOrThrow(input, limit);
  return { input, from: inputType, to: outputType, options: optionsWithDefaults(fields, 'convert') };
}

/**
 * POST /api/format's body, checked: a convert whose output format is its input's. `jsonc` is JSON
 * that keeps its comments unless preserveComments is false.
 */
export function readFormatRequest(bytes: Uint8Array, limit: InputLimit): CheckedConvertRequest {
  const { input, type, preserveComments, ...fields } = parseRequestOrThrow(FormatRequestSchema, parseJsonBody(bytes));
  checkInputSizeOrThrow(input, limit);
  const format = type === 'jsonc' ? 'json' : type;
  const options = optionsWithDefaults({ ...fields, preserveComments: preserveComments ?? type === 'jsonc' }, 'convert');
  return { input, from: format, to: format, options };
}

/** Raw mode's query (`?from=yaml&to=json&indent=4`), checked before the body is read: the request but its input. */
export function readRawQuery(query: URLSearchParams): Omit<CheckedConvertRequest, 'input'> {
  const { from, to, ...fields } = parseRequestOrThrow(RawConvertQuerySchema, {
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
    ...Object.fromEntries(endpointOptions('raw').map((name) => [name, query.get(name) ?? undefined])),
  });
  return { from, to, options: optionsWithDefaults(fields, 'convert') };
}

/** POST /api/validate's body, checked. */
export function readValidateRequest(bytes: Uint8Array, limit: InputLimit): z.output<typeof ValidateRequestSchema> {
  const request = parseRequestOrThrow(ValidateRequestSchema, parseJsonBody(bytes));
  checkInputSizeOrThrow(request.input, limit);
  return request;
}

/** Checks a request body (or query) against its schema; any problem is a 400 naming the fields. */
export function parseRequestOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw new ApiError('bad_request', messages.join(' '));
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

/** The plan's input limit, checked on the UTF-8 size of `input` before any parsing (413). */
export function checkInputSizeOrThrow(input: string, limit: InputLimit): void {
  // A UTF-16 unit is at least one UTF-8 byte: short strings need no count.
  if (input.length <= limit.maxInputBytes / 3) return;
  const size = utf8ByteLength(input);
  if (size <= limit.maxInputBytes) return;
  const shown = formatOverLimit(size, limit.maxInputBytes);
  const named = limit.planName ? `the ${limit.planName} plan accepts up to ${shown.limit}` : `the limit is ${shown.limit}`;
  throw new ApiError('payload_too_large', `Input is ${shown.size}; ${named}.`);
}
