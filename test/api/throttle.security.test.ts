// Sign-in and sign-up throttles hold against an attacker: forwarded addresses count only when a
// trusted proxy forwarded them, nobody can lock an account's owner out from elsewhere, concurrent
// guesses cannot slip past a limit, and sign-up neither reveals accounts nor runs unthrottled.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_EMAIL,
  SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
  SIGN_UP_MAX_PER_ADDRESS,
} from '@/lib/accounts/throttle';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { WRONG_CREDENTIALS } from '@/lib/accounts/users';
import { confirmAddress, signIn, signUp, signUpAndConfirm, testDb } from './accounts';
import { baseUrl, expectError } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

const WRONG = { cookie: null, error: WRONG_CREDENTIALS };
const THROTTLED = /^Too many failed sign-in attempts\. Try again in ([1-9]|[12][0-9]|30) minutes?\.$/;

/** Sign-in as a browser that talks to the server directly (no proxy), with headers of its choosing. */
async function signInDirect(email: string, password: string, headers: Record<string, string>): Promise<string | null> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: baseUrl, ...headers },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  return new URL(((await res.json()) as { url: string }).url, baseUrl).searchParams.get('error');
}

/** A new account whose address is confirmed (its session is not kept). */
async function newAccount(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUpAndConfirm(email);
  return email;
}

describe('the sign-in throttle', () => {
  it('counts a client by its socket address, whatever X-Forwarded-For or internal headers it sends', async () => {
    // Sent straight to the server (not through its trusted proxy): forged forwarding headers, rotated.
    // A guesser trying many accounts is stopped after the per-address limit, not after 30 attempts or never.
    const outcomes: Array<string | null> = [];
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS + 5; i++) {
      const forged = `203.0.113.${i + 1}`;
      outcomes.push(
        await signInDirect(uniqueEmail(`spray${i}`), 'not the password', {
          'X-Forwarded-For': forged,
          'X-Real-IP': forged,
          'X-Yamljson-Client-Address': forged,
        }),
      );
    }
    const refused = outcomes.filter((e) => e !== null && THROTTLED.test(e)).length;
    const wrong = outcomes.filter((e) => e === WRONG_CREDENTIALS).length;
    // Other tests also sign in from 127.0.0.1, so the limit may be reached sooner, never later.
    expect(wrong).toBeLessThanOrEqual(SIGN_IN_MAX_FAILURES_PER_ADDRESS);
    expect(refused).toBeGreaterThanOrEqual(5);
    expect(refused + wrong).toBe(outcomes.length);
  });

  it('trusts X-Forwarded-For from the configured proxy: the rightmost address that is not a proxy is the client', async () => {
    const email = await newAccount('chain');
    const client = randomClientAddress();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      // The client wrote a different address of its own to the left each time: ignored.
      expect(await signIn(email, `wrong ${i}`, `${randomClientAddress()}, ${client}`)).toStrictEqual(WRONG);
    }
    expect((await signIn(email, GOOD_PASSWORD, client)).error).toMatch(THROTTLED);
  });

  it('five wrong passwords from an attacker do not lock the owner out from their own address', async () => {
    const email = await newAccount('owner');
    const attacker = randomClientAddress();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect(await signIn(email, `guess ${i}`, attacker)).toStrictEqual(WRONG);
    }
    expect((await signIn(email, GOOD_PASSWORD, attacker)).error).toMatch(THROTTLED);
    const owner = await signIn(email, GOOD_PASSWORD, randomClientAddress());
    expect(owner.cookie).toContain('next-auth.session-token');
  });

  it('an IPv6 attacker cannot rotate addresses within its /64', async () => {
    const email = await newAccount('v6');
    const prefix = randomClientAddress(6).split('::')[0];
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect(await signIn(email, `guess ${i}`, `${prefix}::${(i + 1).toString(16)}`)).toStrictEqual(WRONG);
    }
    expect((await signIn(email, GOOD_PASSWORD, `${prefix}:0:0:ff:ff`)).error).toMatch(THROTTLED);
  });

  it('a burst of concurrent guesses gets no more tries than the limit', async () => {
    const email = await newAccount('burst');
    const attacker = randomClientAddress();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(email, `burst ${i}`, attacker)));
    expect(outcomes.filter((o) => o.error === WRONG_CREDENTIALS)).toHaveLength(SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS);
    expect(outcomes.filter((o) => o.error !== null && THROTTLED.test(o.error))).toHaveLength(12 - SIGN_IN_MAX_FAILURES_PER_EMAIL_AND_ADDRESS);
  });

  it('guessing spread over many addresses is capped per account, and the owner still gets in from a known address', async () => {
    const email = await newAccount('distributed');
    const home = randomClientAddress();
    expect((await signIn(email, GOOD_PASSWORD, home)).cookie).not.toBeNull();
    // One guess from each of many addresses, a few at a time.
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_EMAIL; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => signIn(email, 'a guess', randomClientAddress())));
      expect(batch).toStrictEqual(Array(10).fill(WRONG));
    }
    // The next address, even with the right password, waits; the owner's own address does not.
    expect((await signIn(email, GOOD_PASSWORD, randomClientAddress())).error).toMatch(THROTTLED);
    expect((await signIn(email, GOOD_PASSWORD, home)).cookie).toContain('next-auth.session-token');
  });
});

describe('sign-up', () => {
  it('answers the same whether or not the email has an account, and changes nothing of an existing one', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp(email, GOOD_PASSWORD);
    const again = await signUp(email.toUpperCase(), 'another good passphrase');
    const bodies = [await first.json(), await again.json()];
    expect([first.status, again.status]).toStrictEqual([201, 201]);
    expect(bodies[1]).toStrictEqual(bodies[0]);
    expect(bodies[0]).toStrictEqual({
      email,
      message:
        `Check your inbox at ${email}: open the link we sent and enter the password you chose to confirm the address and sign in. ` +
        `If ${email} already has an account, the mail says how to sign in to it instead.`,
    });
    expect(await testDb().user.count({ where: { email } })).toBe(1);
    // Neither password signs in before the address is confirmed; the first link with its password confirms.
    expect(await signIn(email, GOOD_PASSWORD)).toStrictEqual(WRONG);
    expect(await signIn(email, 'another good passphrase')).toStrictEqual(WRONG);
    const links = await testDb().accountToken.findMany({ where: { email, purpose: 'verify_email' } });
    expect(links.map((l) => l.passwordHash === null).sort()).toStrictEqual([false, true]);
    await signUpConfirmedBy(email, GOOD_PASSWORD);
    // A confirmed account: a later sign-up changes nothing of it.
    expect((await signUp(email, 'a third good passphrase')).status).toBe(201);
    expect(await signIn(email, 'a third good passphrase')).toStrictEqual(WRONG);
    expect((await signIn(email, GOOD_PASSWORD)).cookie).not.toBeNull();
  });

  it(`is throttled per client address: ${SIGN_UP_MAX_PER_ADDRESS} an hour, existing emails included, then 429 with Retry-After`, async () => {
    const address = randomClientAddress();
    const existing = await newAccount('existing');
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UP_MAX_PER_ADDRESS; i++) {
      statuses.push((await signUp(i % 2 ? existing : uniqueEmail(`burst${i}`), GOOD_PASSWORD, address)).status);
    }
    expect(statuses).toStrictEqual(Array(SIGN_UP_MAX_PER_ADDRESS).fill(201));
    for (const email of [uniqueEmail('refused'), existing]) {
      const refused = await signUp(email, GOOD_PASSWORD, address);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
      await expectError(refused, 429, {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many sign-ups from your network\. Try again in \d+ minutes?\.$/),
      });
    }
    // The refused attempt created nothing; another address is not affected.
    expect((await signUp(uniqueEmail('elsewhere'), GOOD_PASSWORD, randomClientAddress())).status).toBe(201);
  });

  it('counts a client that talks to the server directly by its socket, whatever it forwards', async () => {
    // Straight from 127.0.0.1 with a new forged address each time: all one client.
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_UP_MAX_PER_ADDRESS; i++) {
      const res = await fetch(`${baseUrl}/api/account/signup`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: baseUrl,
          'X-Forwarded-For': `203.0.113.${i + 1}`,
          'X-Yamljson-Client-Address': `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({ email: uniqueEmail(`direct${i}`), password: GOOD_PASSWORD }),
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('a request through the proxy is not refused for what other clients did', async () => {
    const res = await fetchViaProxy(`${baseUrl}/api/account/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ email: uniqueEmail('proxied'), password: GOOD_PASSWORD }),
      forwardedFor: randomClientAddress(6),
    });
    expect(res.status).toBe(201);
  });
});

/** Confirms `email` with the sign-up link mailed to it that carries no password of its own (the first sign-up's). */
async function signUpConfirmedBy(email: string, password: string): Promise<void> {
  const mails = await testDb().outboxMail.findMany({ where: { to: email, kind: 'verify_email' } });
  const tokens = mails.map((mail) => mail.text.match(/\?token=([0-9A-Za-z]{32})/)![1]!);
  const rows = await testDb().accountToken.findMany({ where: { email, purpose: 'verify_email' } });
  const first = tokens.find((token) => rows.some((row) => row.id === createHash('sha256').update(token).digest('hex') && row.passwordHash === null));
  expect((await confirmAddress(first!, password)).cookie).not.toBeNull();
}
