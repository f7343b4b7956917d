// The API's error type, the contract's code -> status table, and the one function that turns anything thrown into the error reply.
import { isConversionError, type ValidationIssue } from '@/lib/converter';
import { describeFailure, unavailableDependency, type Dependency } from '@/lib/dependencies';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@/lib/errors/error-codes';
import { ApiError, isApiError } from '@/lib/errors/api-error';
import { jsonReply, type ApiReply } from './reply';
import { fallbackLogger, type Logger } from '@/lib/observability/logger';

export { ApiError, ERROR_STATUS };

/** The contract's error codes (lib/errors/error-codes.ts documents each). */
export type ApiErrorCode = ErrorCode;
export const API_ERROR_CODES = ERROR_CODES;

/** Codes only the dashboard's session endpoints answer; the public API (and its OpenAPI document) never does. */
export const DASHBOARD_ERROR_CODES: readonly ApiErrorCode[] = ['forbidden', 'key_limit_reached', 'key_active'];
export const PUBLIC_API_ERROR_CODES = API_ERROR_CODES.filter((c) => !DASHBOARD_ERROR_CODES.includes(c)) as [ApiErrorCode, ...ApiErrorCode[]];

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

/**
 * What the log is told of a failure that is not the client's: a dependency that did not answer (503),
 * or anything else (500, with its stack: the body never shows it). withApi writes it on the request's
 * log line (lib/observability); code outside a request writes it to the services' log itself (or, not
 * given one, to the fallback log on stderr).
 */
export type FailureReport = (failure: { dependency: Dependency; detail: string } | { internal: unknown }) => void;

/** A FailureReport that writes its own line to `log` (code outside withApi's request line). */
export const logFailure =
  (log: Logger, requestId: string): FailureReport =>
  (failure) => {
    if ('internal' in failure) log.error({ err: failure.internal, requestId }, 'internal_error');
    else log.warn({ requestId, dependency: failure.dependency, detail: failure.detail }, 'dependency unavailable');
  };

/** The only place an error body is built. */
export function toErrorReply(err: unknown, requestId: string, report: FailureReport = logFailure(fallbackLogger(), requestId)): ApiReply {
  const apiError = toApiError(err, requestId, report);
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
  return { ...jsonReply(body, ERROR_STATUS[apiError.code], headers), errorCode: apiError.code };
}

function toApiError(err: unknown, requestId: string, report: FailureReport): ApiError {
  // Refusals of every layer are answered as they are, whichever copy of lib/ made them: ApiError
  // (AccountError extends it) with its code, the converter's own error with its code's status.
  if (isApiError(err)) return err;
  if (isConversionError(err)) return new ApiError(err.code, err.message, err.details ? { details: err.details } : {});
  // Whichever endpoint it reached (the API's guards, the dashboard, sign-up): a database or Redis
  // that does not answer is a 503 to retry, not a 500.
  const dependency = unavailableDependency(err);
  if (dependency) {
    report({ dependency, detail: describeFailure(err) });
    return dependencyUnavailable([dependency]);
  }
  report({ internal: err });
  return new ApiError('internal_error', `Something went wrong on our side. If it keeps happening, contact support with the request id ${requestId}.`);
}
