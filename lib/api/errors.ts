// The API's one error type, the contract's code -> status table, and the one function that turns anything thrown into the error reply.
import { isAccountError } from '@/lib/accounts/errors';
import { isConversionError, type ValidationIssue } from '@/lib/converter';
import { describeFailure, unavailableDependency, type Dependency } from '@/lib/dependencies';
import { jsonReply, type ApiReply } from './reply';

/** Contract section 2: every failure is one of these codes, always with this status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  /** Dashboard: a signed-in request from another origin, or a plan change the account may not make itself. */
  forbidden: 403,
  /** Dashboard: no such key (or not this account's). */
  not_found: 404,
  /** Dashboard: the account already has the most active API keys it may have (lib/accounts/api-keys.ts). */
  key_limit_reached: 409,
  payload_too_large: 413,
  /** A method the route does not serve; `Allow` lists the ones it does. */
  method_not_allowed: 405,
  unsupported_media_type: 415,
  /** Convert could not parse `input`; `details` holds the positioned errors. */
  invalid_input: 422,
  /** Valid input whose conversion would exceed a safety bound (alias expansion, nesting depth, a non-decimal integer over 4,300 digits). */
  limit_exceeded: 422,
  rate_limited: 429,
  /** Anything unexpected: the real message is logged with the request id, never sent. */
  internal_error: 500,
  /** A dependency (database, Redis) did not answer in time, every conversion worker is busy and the queue is full, or too many large bodies arrive at once. */
  unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]];

/** Codes only the dashboard's session endpoints answer; the public API (and its OpenAPI document) never does. */
export const DASHBOARD_ERROR_CODES: readonly ApiErrorCode[] = ['forbidden', 'not_found', 'key_limit_reached'];
export const PUBLIC_API_ERROR_CODES = API_ERROR_CODES.filter((c) => !DASHBOARD_ERROR_CODES.includes(c)) as [
  ApiErrorCode,
  ...ApiErrorCode[],
];

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly details?: ValidationIssue[];
  /** Sent with the error response (e.g. `Retry-After`). */
  readonly headers?: Record<string, string>;
  /** For `unavailable`: the dependencies that did not answer. */
  readonly dependencies?: Dependency[];

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { details?: ValidationIssue[]; headers?: Record<string, string>; dependencies?: Dependency[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    if (options.details) this.details = options.details;
    if (options.headers) this.headers = options.headers;
    if (options.dependencies) this.dependencies = options.dependencies;
  }
}

export interface ErrorBody {
  success: false;
  error: { code: ApiErrorCode; message: string; requestId: string; details?: ValidationIssue[]; dependencies?: Dependency[] };
}

/** Seconds a client is told to wait when a dependency does not answer: it reconnects within about one. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const DEPENDENCY_NAMES: Record<Dependency, string> = { database: 'the database', redis: 'Redis (the quota store)' };

/** 503 naming the dependencies that did not answer (in the message and in `error.dependencies`). */
export function dependencyUnavailable(down: Dependency[]): ApiError {
  const names = down.map((d) => DEPENDENCY_NAMES[d]).join(' and ');
  return new ApiError(
    'unavailable',
    `${names[0]!.toUpperCase()}${names.slice(1)} ${down.length > 1 ? 'are' : 'is'} not answering right now; try again in a few seconds.`,
    { headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) }, dependencies: down },
  );
}

/** The only place an error body is built. */
export function toErrorReply(err: unknown, requestId: string): ApiReply {
  const apiError = toApiError(err, requestId);
  const body: ErrorBody = {
    success: false,
    error: { code: apiError.code, message: apiError.message, requestId },
  };
  if (apiError.details) body.error.details = apiError.details;
  if (apiError.dependencies) body.error.dependencies = apiError.dependencies;
  const headers: Record<string, string> = { ...apiError.headers, 'Cache-Control': 'no-store' };
  if (apiError.code === 'unauthorized' && !Object.keys(headers).some((h) => h.toLowerCase() === 'www-authenticate')) {
    headers['WWW-Authenticate'] = 'Bearer';
  }
  return jsonReply(body, ERROR_STATUS[apiError.code], headers);
}

function toApiError(err: unknown, requestId: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isAccountError(err)) {
    const headers: Record<string, string> = {};
    if (err.retryAfterSeconds !== undefined) headers['Retry-After'] = String(Math.max(1, err.retryAfterSeconds));
    return new ApiError(err.code, err.message, { headers });
  }
  if (isConversionError(err)) {
    return new ApiError(err.code, err.message, err.code === 'invalid_input' && err.details ? { details: err.details } : {});
  }
  // Whichever endpoint it reached (the API's guards, the dashboard, sign-up): a database or Redis
  // that does not answer is a 503 to retry, not a 500.
  const dependency = unavailableDependency(err);
  if (dependency) {
    console.error(`[${requestId}] ${dependency} unavailable: ${describeFailure(err)}`);
    return dependencyUnavailable([dependency]);
  }
  console.error(`[${requestId}] internal_error:`, err);
  return new ApiError(
    'internal_error',
    `Something went wrong on our side. If it keeps happening, contact support with the request id ${requestId}.`,
  );
}
