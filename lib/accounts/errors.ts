// Refusals of the accounts layer; lib/api/errors.ts turns them into the contract's error body.

export type AccountErrorCode = 'bad_request' | 'forbidden' | 'not_found' | 'unauthorized' | 'rate_limited' | 'key_limit_reached';

export class AccountError extends Error {
  readonly code: AccountErrorCode;
  /** Seconds until a throttled action may be tried again. */
  readonly retryAfterSeconds?: number;

  constructor(code: AccountErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AccountError';
    this.code = code;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAccountError = (err: unknown): err is AccountError => err instanceof AccountError;
