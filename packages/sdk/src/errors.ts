// The error every failed call throws: the API's error body (`{success: false, error: {...}}`),
// typed, with the HTTP status and, for 429 and 503, the Retry-After the server sent.
import type { components } from './schema.js';

type ErrorBody = components['schemas']['ErrorResponse']['error'];

/** The API's error codes, and `unexpected_response` for an answer that is not the API's error body (a proxy's HTML page...). */
export type YamljsonErrorCode = ErrorBody['code'] | 'unexpected_response';
export type ValidationIssue = components['schemas']['ValidationIssue'];

export class YamljsonError extends Error {
  override readonly name = 'YamljsonError';
  /** Stable, machine-readable: match on it, not on `message`. */
  readonly code: YamljsonErrorCode;
  readonly status: number;
  /** `req_...`: quote it to support (also the `X-Request-Id` header). Empty when the body had none. */
  readonly requestId: string;
  /** For `invalid_input`: every positioned problem, as validate reports them. */
  readonly details: ValidationIssue[] | undefined;
  /** For `unavailable`: the dependencies that did not answer. */
  readonly dependencies: ErrorBody['dependencies'];
  /** Seconds the server asked to wait (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: YamljsonErrorCode;
    message: string;
    requestId: string;
    details?: ValidationIssue[];
    dependencies?: ErrorBody['dependencies'];
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
    this.dependencies = init.dependencies;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The error a failed response stands for; `body` is its parsed JSON, or its text when it is not JSON. */
export function errorFromResponse(response: Response, body: unknown): YamljsonError {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const error = isErrorBody(body) ? body.error : undefined;
  if (!error) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new YamljsonError({
      status: response.status,
      code: 'unexpected_response',
      message: `HTTP ${response.status} without the API's error body: ${(text ?? '').slice(0, 200)}`,
      requestId: response.headers.get('x-request-id') ?? '',
      retryAfterSeconds,
    });
  }
  return new YamljsonError({
    status: response.status,
    code: error.code,
    message: error.message,
    requestId: error.requestId,
    details: error.details,
    dependencies: error.dependencies,
    retryAfterSeconds,
  });
}

function isErrorBody(body: unknown): body is { error: ErrorBody } {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ErrorBody).code === 'string' &&
    typeof (error as ErrorBody).message === 'string' &&
    typeof (error as ErrorBody).requestId === 'string'
  );
}

/** `Retry-After` as seconds: a number of seconds, or an HTTP date (seconds from now, at least 0). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
