// The one error class of the app: a contract code, a message for people, and what the error body
// carries with them. The converter (ConversionError) and the accounts layer (AccountError) throw
// subclasses whose codes are subsets of ErrorCode; lib/api/errors.ts turns any of them into the
// error body. Universal (no Node, no web): the converter runs in the browser too.
import type { ValidationIssue } from '../converter/types';
import type { Dependency } from '../dependencies';
import type { ErrorCode } from './error-codes';

export interface ApiErrorOptions {
  /** For `invalid_input`: the positioned errors, exactly as `validate` reports them. */
  details?: ValidationIssue[];
  /** Sent with the error response (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** For `unavailable`: the dependencies that did not answer. */
  dependencies?: Dependency[];
}

/**
 * An ApiError as plain data (`toJSON()`), to cross a worker thread or reach another copy of these
 * modules (a bundler may load them twice, and `instanceof` does not hold across copies). `name`
 * says which class revives it (lib/jobs/job-errors.ts).
 */
export interface ApiErrorJson extends ApiErrorOptions {
  name: string;
  code: ErrorCode;
  message: string;
}

/**
 * Marks every ApiError, whichever copy of this module made it: the services object is built by
 * scripts/serve.ts's copy of lib/ and used by the front's and Next's copies, so a refusal thrown
 * inside a service reaches a toErrorReply whose `instanceof` does not know its class.
 */
const API_ERROR_BRAND = Symbol.for('yamljson.ApiError');

/** An ApiError made by another copy of this module: its toJSON() revives it here (lib/jobs/job-errors.ts). */
export function isForeignApiError(err: unknown): err is { toJSON(): ApiErrorJson } {
  return typeof err === 'object' && err !== null && !(err instanceof ApiError) && API_ERROR_BRAND in err;
}

export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly details?: ValidationIssue[];
  readonly headers?: Record<string, string>;
  readonly dependencies?: Dependency[];

  constructor(code: C, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    if (options.details) this.details = options.details;
    if (options.headers) this.headers = options.headers;
    if (options.dependencies) this.dependencies = options.dependencies;
  }

  get [API_ERROR_BRAND](): true {
    return true;
  }

  toJSON(): ApiErrorJson {
    const json: ApiErrorJson = { name: this.name, code: this.code, message: this.message };
    if (this.details) json.details = this.details;
    if (this.headers) json.headers = this.headers;
    if (this.dependencies) json.dependencies = this.dependencies;
    return json;
  }
}
