// How many large request bodies (over 1 MiB) may arrive at once: per account and in total. A body
// is read as its bytes arrive, so memory follows what was sent, but a slow upload still holds its
// bytes for as long as the client takes; thousands of them at once could hold gigabytes. Beyond the
// account's share the answer is 429 `rate_limited`, beyond the server's 503 `unavailable`, both
// with `Retry-After`; the request's body is then not read. One gate per process, in lib/services'
// object, so the front's bundle and Next.js's count together.
import { ApiError } from './errors';

/** A body is large when it declares, or has sent, more than this. */
export const LARGE_BODY_BYTES = 1024 * 1024;
export const DEFAULT_LARGE_BODIES_PER_ACCOUNT = 4;
export const DEFAULT_LARGE_BODIES = 32;
/** Seconds a refused client is told to wait: a large upload takes seconds. */
export const LARGE_BODY_RETRY_AFTER_SECONDS = 5;

/** MAX_LARGE_BODIES_PER_ACCOUNT and MAX_LARGE_BODIES (lib/config). */
export interface BodyGateLimits {
  /** Large bodies one account may send at once. */
  perAccount: number;
  /** Large bodies the server reads at once, all accounts together. */
  total: number;
}

export class BodyGate {
  readonly limits: BodyGateLimits;
  #total = 0;
  readonly #byAccount = new Map<string, number>();

  constructor(limits: BodyGateLimits) {
    this.limits = limits;
  }

  /** Large bodies being read now. */
  get active(): number {
    return this.#total;
  }

  /**
   * Takes a place for one large body of `account` (none: counted in the total only), or throws
   * the 429 or 503 ApiError. The returned function gives the place back (once, however often called).
   */
  enter(account: string | undefined): () => void {
    const mine = account === undefined ? 0 : (this.#byAccount.get(account) ?? 0);
    const retry = { headers: { 'Retry-After': String(LARGE_BODY_RETRY_AFTER_SECONDS), Connection: 'close' } };
    if (account !== undefined && mine >= this.limits.perAccount) {
      throw new ApiError(
        'rate_limited',
        `This account is already sending ${mine} request bodies over 1 MB at once, the most it may; wait for one to finish.`,
        retry,
      );
    }
    if (this.#total >= this.limits.total) {
      throw new ApiError('unavailable', 'The server is receiving as many large request bodies as it can right now; try again in a few seconds.', retry);
    }
    this.#total++;
    if (account !== undefined) this.#byAccount.set(account, mine + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#total--;
      if (account === undefined) return;
      const count = (this.#byAccount.get(account) ?? 1) - 1;
      if (count === 0) this.#byAccount.delete(account);
      else this.#byAccount.set(account, count);
    };
  }
}
