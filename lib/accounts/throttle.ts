// Throttles of sign-in and sign-up, on the database's fixed-window counters (counters.ts). An
// attempt is counted before its outcome is known (so a burst of concurrent guesses cannot all pass
// the check before the first failure is counted) and taken back when it turns out not to count.
//
// Sign-in (failed attempts over the last 15 to 30 minutes):
// - 20 per client address, whatever the emails: one address cannot spray many accounts;
// - 5 per email from one address: one address cannot guess one account's password, and, since the
//   count is per address, cannot lock the owner out from anywhere else;
// - 50 per email from all addresses together, against guessing spread over many addresses; an
//   address the account signed in from in the last 30 to 60 days is exempt, so even that cannot
//   lock the owner out of the places they use.
// Sign-up: 10 attempts per client address an hour (each costs a 32 MiB scrypt hash).
// IPv6 addresses count by their /64: one subscriber usually holds a whole /64.
import type { Db } from '@/lib/db/client';
import { hitCounter, readCounter, unhitCounter } from './counters';
import { AccountError } from './errors';

export interface ThrottleRule {
  readonly key: string;
  readonly max: number;
  readonly windowSeconds: number;
}

export interface Reservation {
  readonly rule: ThrottleRule;
  readonly windowStart: Date;
  /** 0 when the attempt may go ahead; else seconds until the rule lets one through again. */
  readonly waitSeconds: number;
}

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 20;
export const SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
export const SIGN_IN_MAX_FAILURES_PER_EMAIL = 50;
/** How long an address the account signed in from stays exempt from the per-email limit (one to two windows). */
export const KNOWN_ADDRESS_WINDOW_SECONDS = 30 * 24 * 3600;
export const SIGN_UP_WINDOW_SECONDS = 3600;
export const SIGN_UP_MAX_PER_ADDRESS = 10;

/** The throttles' name for a client address: IPv6 by its /64 prefix. */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Counts an attempt against a rule and says whether it may go ahead. */
export async function reserveAttempt(db: Db, rule: ThrottleRule): Promise<Reservation> {
  const hit = await hitCounter(db, rule.key, rule.windowSeconds);
  const before = hit.current - 1;
  let waitSeconds = 0;
  if (hit.previous + before >= rule.max) {
    // Once this window ends only its own hits still count: if they alone reach the limit, one more window.
    waitSeconds = before >= rule.max ? hit.resetSeconds + rule.windowSeconds : hit.resetSeconds;
  }
  return { rule, windowStart: hit.windowStart, waitSeconds };
}

/** Takes back attempts that do not count (refused ones, or successful sign-ins). */
export async function releaseAttempts(db: Db, reservations: readonly Reservation[]): Promise<void> {
  await Promise.all(reservations.map((r) => unhitCounter(db, r.rule.key, r.windowStart)));
}

export function throttledError(reason: string, waitSeconds: number): AccountError {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return new AccountError('rate_limited', `${reason} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, waitSeconds);
}

const part = (value: string) => encodeURIComponent(value);

export function signInRules(email: string, address: string) {
  const addr = addressKey(address);
  const window = SIGN_IN_WINDOW_SECONDS;
  return {
    perAddress: { key: `signin:addr:${part(addr)}`, max: SIGN_IN_MAX_FAILURES_PER_ADDRESS, windowSeconds: window },
    perEmailAndAddress: {
      key: `signin:email-addr:${part(email)}:${part(addr)}`,
      max: SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
      windowSeconds: window,
    },
    perEmail: { key: `signin:email:${part(email)}`, max: SIGN_IN_MAX_FAILURES_PER_EMAIL, windowSeconds: window },
    knownAddress: { key: `signin:known:${part(email)}:${part(addr)}`, max: 1, windowSeconds: KNOWN_ADDRESS_WINDOW_SECONDS },
  } satisfies Record<string, ThrottleRule>;
}

export function signUpRule(address: string): ThrottleRule {
  return { key: `signup:addr:${part(addressKey(address))}`, max: SIGN_UP_MAX_PER_ADDRESS, windowSeconds: SIGN_UP_WINDOW_SECONDS };
}

/** Whether the account signed in from this address lately (it is then exempt from the per-email limit). */
export async function isKnownAddress(db: Db, rule: ThrottleRule): Promise<boolean> {
  return (await readCounter(db, rule.key, rule.windowSeconds)).count > 0;
}
