// Accounts for the browser tests, made through the same HTTP API the pages use.
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { GOOD_PASSWORD, uniqueEmail as uniqueTestEmail } from '../../test/helpers/fixtures';
import { linkPath, mailboxAvailable, waitForMail } from './mailbox';

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
 * Follows the verification link sign-up mailed to `email`, as its owner would (when the tests' own
 * SMTP server receives the app's mail; against another server the account stays unverified, with
 * its one key).
 */
export async function verifyByMail(request: APIRequestContext, email: string): Promise<void> {
  if (!mailboxAvailable()) return;
  const mail = await waitForMail(email, /^Confirm your email address/);
  const page = await request.get(linkPath(mail));
  expect(await page.text()).toContain(`${email} is verified.`);
}

/**
 * Signs up, verifies the address by mail (verifyByMail), signs in (next-auth credentials, cookies kept in `request`: a page's `page.request`
 * signs its page in) and creates a key. Dashboard routes take same-origin requests only, so each
 * call says it comes from the app's own origin, as the browser would.
 */
export async function createAccountWithKey(
  request: APIRequestContext,
  origin: string,
  tag: string,
  { verify = true } = {},
): Promise<{ email: string; key: string }> {
  const headers = { Origin: origin, ...clientAddressHeader() };
  const email = uniqueEmail(tag);
  const signup = await request.post('/api/account/signup', { data: { email, password: GOOD_PASSWORD }, headers });
  expect(signup.status(), await signup.text()).toBe(201);
  if (verify) await verifyByMail(request, email);
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signin = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: GOOD_PASSWORD, json: 'true' },
    headers,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  expect(signin.status(), 'sign-in redirects on success').toBeLessThan(400);
  const created = await request.post('/api/dashboard/keys', { data: { name: 'e2e' }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  return { email, key: secret };
}
