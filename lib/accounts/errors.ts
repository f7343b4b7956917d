// Refusals of the accounts layer: ApiErrors with the codes accounts refuse with, so
// lib/api/errors.ts answers them like any other.
import { ApiError } from '@/lib/errors/api-error';

/** A subset of the contract's ErrorCode (ApiError's type parameter holds it to that). */
export type AccountErrorCode = 'bad_request' | 'forbidden' | 'not_found' | 'unauthorized' | 'rate_limited' | 'key_limit_reached' | 'key_active';

export class AccountError extends ApiError<AccountErrorCode> {
  /** Seconds until a throttled action may be tried again (sent as `Retry-After`, at least 1). */
  readonly retryAfterSeconds?: number;

  constructor(code: AccountErrorCode, message: string, retryAfterSeconds?: number) {
    super(code, message, retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
    this.name = 'AccountError';
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAccountError = (err: unknown): err is AccountError => err instanceof AccountError;
