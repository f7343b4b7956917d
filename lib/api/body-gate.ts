// How many request bodies may arrive at once. Every body being read holds a connection, and a slow
// upload holds it as long as its client takes: one account's uploads, of any size, are limited to
// MAX_UPLOADS_PER_ACCOUNT and to a tenth of the connection cap, so that one account cannot fill the
// cap and leave everyone else's connections refused. Large bodies (over 1 MiB) also hold their bytes,
// gigabytes for thousands of them: at most MAX_LARGE_BODIES_PER_ACCOUNT per account and
// MAX_LARGE_BODIES in total. Beyond an account's share the answer is 429 `rate_limited`, beyond the
// server's 503 `unavailable`, both with `Retry-After`; the request's body is then not read. One gate
// per process, in lib/services' object, so the front's bundle and Next.js's count together.
import { ApiError } from './errors';

/** A body is large when it declares, or has sent, more than this. */
export const LARGE_BODY_BYTES = 1024 * 1024;
export const DEFAULT_LARGE_BODIES_PER_ACCOUNT = 4;
export const DEFAULT_LARGE_BODIES = 32;
/**
 * Bodies of any size one account may be sending at once (MAX_UPLOADS_PER_ACCOUNT): far more than a
 * client needs, far fewer than the connections. A body already received whole when its read starts
 * (the front knows: node's `complete`) is not being sent and takes no place, so a burst of small
 * requests waiting for a busy event loop is never refused as uploads.
 */
export const DEFAULT_UPLOADS_PER_ACCOUNT = 32;
/** One account's uploads may hold at most this share of the connection cap (HTTP_MAX_CONNECTIONS). */
export const UPLOADS_SHARE_OF_CONNECTIONS = 0.1;
/** Seconds a refused client is told to wait: a large upload takes seconds. */
export const LARGE_BODY_RETRY_AFTER_SECONDS = 5;

/** MAX_LARGE_BODIES_PER_ACCOUNT, MAX_LARGE_BODIES and the uploads' limit (lib/config, lib/services). */
export interface BodyGateLimits {
  /** Large bodies one account may send at once. */
  perAccount: number;
  /** Large bodies the server reads at once, all accounts together. */
  total: number;
  /** Bodies of any size one account may send at once (default DEFAULT_UPLOADS_PER_ACCOUNT; the server's: uploadsPerAccount()). */
  uploadsPerAccount?: number;
}

/** An account's uploads at once: MAX_UPLOADS_PER_ACCOUNT, and never more than a tenth of the connection cap (at least 1). */
export function uploadsPerAccount(configured: number, maxConnections: number): number {
  return Math.max(1, Math.min(configured, Math.floor(maxConnections * UPLOADS_SHARE_OF_CONNECTIONS)));
}

export class BodyGate {
  readonly limits: BodyGateLimits;
  #total = 0;
  #heldBytes = 0;
  readonly #byAccount = new Map<string, number>();
  readonly #uploads = new Map<string, number>();
  readonly #uploadsPerAccount: number;

  constructor(limits: BodyGateLimits) {
    this.limits = limits;
    this.#uploadsPerAccount = limits.uploadsPerAccount ?? DEFAULT_UPLOADS_PER_ACCOUNT;
  }

  /** Bytes of the blocks allocated for bodies being read now (what slow uploads cost in memory; read-body.ts counts them). */
  get heldBytes(): number {
    return this.#heldBytes;
  }

  /** Counts `bytes` more (positive) or fewer (negative) held by bodies being read. */
  holdBytes(bytes: number): void {
    this.#heldBytes += bytes;
  }

  /** Bodies of `account` being read now, whatever their size. */
  uploads(account: string): number {
    return this.#uploads.get(account) ?? 0;
  }

  /**
   * Takes a place for one body of `account` of any size (a body with no account needs none), to
   * be given back with `leave`; refused past the account's uploads at once (returned as data, like
   * `enter`'s refusals).
   */
  enterUpload(account: string | undefined): BodyGatePlace {
    if (account === undefined) return { leave: () => {} };
    const mine = this.uploads(account);
    if (mine >= this.#uploadsPerAccount) return { refused: 'uploads', held: mine };
    this.#uploads.set(account, mine + 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        const count = this.uploads(account) - 1;
        if (count <= 0) this.#uploads.delete(account);
        else this.#uploads.set(account, count);
      },
    };
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

/** Which limit refused a place: the account's large bodies, the server's, or the account's uploads of any size. */
export type GateRefusal = { readonly refused: 'account' | 'server' | 'uploads'; readonly held: number };

/** A place in the gate, or which limit refused it and how many bodies that limit already holds. */
export type BodyGatePlace = { readonly leave: () => void } | GateRefusal;

/** The answer to a refused place: 429 past an account's share, 503 past the server's, both with Retry-After. */
export function gateRefusal(refusal: GateRefusal): ApiError {
  const retry = { headers: { 'Retry-After': String(LARGE_BODY_RETRY_AFTER_SECONDS), Connection: 'close' } };
  if (refusal.refused === 'uploads') {
    return new ApiError(
      'rate_limited',
      `This account is already sending ${refusal.held} request bodies at once, the most it may; wait for one to finish.`,
      retry,
    );
  }
  if (refusal.refused === 'account') {
    return new ApiError(
      'rate_limited',
      `This account is already sending ${refusal.held} request bodies over 1 MB at once, the most it may; wait for one to finish.`,
      retry,
    );
  }
  return new ApiError('unavailable', 'The server is receiving as many large request bodies as it can right now; try again in a few seconds.', retry);
}
