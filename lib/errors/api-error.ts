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

/** An ApiError as plain data (`toJSON()`), to cross a worker thread; `name` says which class revives it (lib/jobs/worker-protocol.ts). */
export interface ApiErrorJson extends ApiErrorOptions {
  name: string;
  code: ErrorCode;
  message: string;
}

/**
 * Marks every ApiError, whichever copy of this module made it. The server runs two copies of lib/
 * (its own bundle's and Next.js's, ARCHITECTURE.md "One process, two copies of lib/"): a refusal a
 * service of the server's copy throws (billing's, the pool's) reaches Next's toErrorReply, whose
 * `instanceof` does not know that copy's class. isApiError knows it by this registered symbol.
 */
const API_ERROR_BRAND = Symbol.for('yamljson.ApiError');

/** An ApiError (or AccountError) made by any copy of this module: its fields are read as they are. */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError || (typeof err === 'object' && err !== null && API_ERROR_BRAND in err);
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
