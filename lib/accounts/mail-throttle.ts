// Limits on the mails a stranger can make the service send: per client address (a visible 429, which
// says nothing about any account) and per recipient (silently: the answer stays the same, the mail is
// just not sent again), so the service cannot be used to flood someone's mailbox.
import type { Db } from '@/lib/db/client';
import { addressKey, releaseAttempts, reserveAttempt, type ThrottleRule, throttledError } from './throttle';

const HOUR = 3600;
/** Mail-sending requests (password reset, resend) from one address, per hour. */
export const MAIL_REQUESTS_PER_ADDRESS = 10;
/** Mails of one kind to one recipient, per hour (the ones past it are dropped). */
export const MAILS_PER_RECIPIENT = 3;

const part = (value: string) => encodeURIComponent(value);

/** Throws 429 rate_limited when `address` asked for too many mails of `kind` lately. */
export async function limitMailRequests(db: Db, kind: string, address: string): Promise<void> {
  const rule: ThrottleRule = { key: `mail:${kind}:addr:${part(addressKey(address))}`, max: MAIL_REQUESTS_PER_ADDRESS, windowSeconds: HOUR };
  const attempt = await reserveAttempt(db, rule);
  if (attempt.waitSeconds > 0) {
    await releaseAttempts(db, [attempt]);
    throw throttledError('Too many requests for mail from your network.', attempt.waitSeconds);
  }
}

/** Whether one more mail of `kind` may go to `recipient` (counted when it may). */
export async function mayMail(db: Db, kind: string, recipient: string): Promise<boolean> {
  const rule: ThrottleRule = { key: `mail:${kind}:to:${part(recipient)}`, max: MAILS_PER_RECIPIENT, windowSeconds: HOUR };
  const attempt = await reserveAttempt(db, rule);
  if (attempt.waitSeconds > 0) {
    await releaseAttempts(db, [attempt]);
    return false;
  }
  return true;
}
