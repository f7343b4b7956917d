// Accounts for the browser tests, made through the same HTTP API the pages use.
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { GOOD_PASSWORD, uniqueEmail as uniqueTestEmail } from '../../test/helpers/fixtures';
import { linkToken, mailboxAvailable, waitForMail } from './mailbox';

/**
 * A client address of its own for each account the tests make: the test server trusts 127.0.0.1 as
 * its reverse proxy (global-setup.ts), so sign-up and sign-in throttles, which count per client
 * address, see each account's requests as coming from a different client.
 */
export function clientAddressHeader(): { 'X-Forwarded-For': string } {
  return { 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
}

/** An address of its own for an account of the browser tests (`e2e-` first: they may run against a developer's server, E2E_BASE_URL). */
export const uniqueEmail = (tag: string) => uniqueTestEmail(`e2e-${tag}`);

/** True when the accounts API is deployed (sign-up answers something other than 404). */
export async function accountsAvailable(request: APIRequestContext, origin: string): Promise<boolean> {
  const res = await request.post('/api/account/signup', { data: {}, failOnStatusCode: false, headers: { Origin: origin } });
  return res.status() !== 404;
}

/**
 * Confirms `email`'s address as its owner does, with the link sign-up mailed (read from the tests' own
 * SMTP server) and the password chosen at sign-up: next-auth's credentials sign-in with the link's token,
 * which signs `request` in (a page's `page.request` signs its page in). Needs the tests' mailbox: against
 * another server (E2E_BASE_URL) the mail goes wherever that server sends it.
 */
export async function confirmByMail(
  request: APIRequestContext,
  email: string,
  headers: Record<string, string>,
  password = GOOD_PASSWORD,
): Promise<void> {
  if (!mailboxAvailable())
    throw new Error(`confirming ${email} needs the mail the app sent: run the browser tests with their own server (no E2E_BASE_URL)`);
  const token = linkToken(await waitForMail(email, /^Confirm your email address/));
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const confirmed = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, token, password, json: 'true' },
    headers,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(confirmed.status(), 'confirming with the link signs in').toBeLessThan(400);
  expect(new URL(((await confirmed.json()) as { url: string }).url).searchParams.get('error')).toBeNull();
}

/**
 * Signs up, confirms the address by mail (confirmByMail: that signs in, cookies kept in `request`) and
 * creates a key. Dashboard routes take same-origin requests only, so each call says it comes from the
 * app's own origin, as the browser would.
 */
export async function createAccountWithKey(request: APIRequestContext, origin: string, tag: string): Promise<{ email: string; key: string }> {
  const headers = { Origin: origin, ...clientAddressHeader() };
  const email = uniqueEmail(tag);
  const signup = await request.post('/api/account/signup', { data: { email, password: GOOD_PASSWORD }, headers });
  expect(signup.status(), await signup.text()).toBe(201);
  await confirmByMail(request, email, headers);
  const created = await request.post('/api/dashboard/keys', { data: { name: 'e2e' }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  return { email, key: secret };
}
