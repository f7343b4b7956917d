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
   * Takes a place for one large body of `account` (none: counted in the total only): `leave` gives
   * it back (once, however often called). A refusal is returned as data, not thrown: the server's
   * gate is shared by every bundle (lib/services), and each caller makes its own error
   * (gateRefusal), which its own error path recognises.
   */
  enter(account: string | undefined): BodyGatePlace {
    const mine = account === undefined ? 0 : (this.#byAccount.get(account) ?? 0);
    if (account !== undefined && mine >= this.limits.perAccount) return { refused: 'account', held: mine };
    if (this.#total >= this.limits.total) return { refused: 'server', held: this.#total };
    this.#total++;
    if (account !== undefined) this.#byAccount.set(account, mine + 1);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.#total--;
      if (account === undefined) return;
      const count = (this.#byAccount.get(account) ?? 1) - 1;
      if (count === 0) this.#byAccount.delete(account);
      else this.#byAccount.set(account, count);
    };
    return { leave };
  }
}

/** A place in the gate, or which limit refused it and how many bodies that limit already holds. */
export type BodyGatePlace = { readonly leave: () => void } | { readonly refused: 'account' | 'server'; readonly held: number };

/** The answer to a refused place: 429 past the account's share, 503 past the server's, both with Retry-After. */
export function gateRefusal(refusal: { readonly refused: 'account' | 'server'; readonly held: number }): ApiError {
  const retry = { headers: { 'Retry-After': String(LARGE_BODY_RETRY_AFTER_SECONDS), Connection: 'close' } };
  if (refusal.refused === 'account') {
    return new ApiError(
      'rate_limited',
      `This account is already sending ${refusal.held} request bodies over 1 MB at once, the most it may; wait for one to finish.`,
      retry,
    );
  }
  return new ApiError('unavailable', 'The server is receiving as many large request bodies as it can right now; try again in a few seconds.', retry);
}
