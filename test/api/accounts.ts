// Helpers for the account tests: sign up, sign in and sign out through the real endpoints (next-auth's
// CSRF token and session cookie included), dashboard calls, and direct database access. Sign-up and
// sign-in are throttled per client address, so they come through the test server's trusted proxy
// from a fresh client address unless a test names one (via-proxy.ts).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';
import type { PlanId } from '@/lib/accounts/plans';
import { createDb, type Db } from '@/lib/db/client';
import { type AccountWithKey, createAccountWithKey, GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { baseUrl, databaseUrl } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

let shared: Db | undefined;
/** The app's own database, for setting up accounts and looking inside tables. */
export function testDb(): Db {
  if (!shared) {
    shared = createDb(databaseUrl, 2);
    afterAll(async () => {
      await shared?.$disconnect();
      shared = undefined;
    });
  }
  return shared;
}

/** `npm run admin -- <args>` against the test server's database; its stdout and stderr. */
export function runAdmin(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const root = path.resolve(__dirname, '../..');
  return promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

/** A new account (default Free) with one key, made directly in the test server's database. */
export const accountWithKey = (plan: PlanId = 'free'): Promise<AccountWithKey> => createAccountWithKey(testDb(), { plan });

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

export function callConvert(headers: Record<string, string>, input = 'a: 1'): Promise<Response> {
  return fetch(`${baseUrl}/api/convert`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ input, inputType: 'yaml', outputType: 'json' }),
  });
}

/** Cookies from a response, as a `Cookie` header value merged over `jar`. */
function mergeCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Sign-up from `address` (a fresh one by default), on the test server or the app at `base`. */
export function signUp(email: string, password: string, address = randomClientAddress(), base = baseUrl): Promise<Response> {
  return fetchViaProxy(`${base}/api/account/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
    forwardedFor: address,
  });
}

/** A CSRF token and the cookies that go with it, from next-auth (`cookie`: a session to keep). */
async function csrfToken(jar: Map<string, string>, base = baseUrl): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: jar.size ? { Cookie: cookieHeader(jar) } : {} });
  mergeCookies(jar, csrf);
  return ((await csrf.json()) as { csrfToken: string }).csrfToken;
}

/**
 * Signs in like the browser form does, from `address` (a fresh one by default), on the test server or
 * the app at `base`; returns the session cookie header, or the error next-auth reports.
 */
export function signIn(email: string, password: string, address = randomClientAddress(), base = baseUrl): Promise<SignInOutcome> {
  return credentialsCallback({ email, password }, address, base);
}

/**
 * Confirms an address like the sign-up link's page does: the link's token and the password chosen at
 * sign-up, through next-auth's credentials callback; a session cookie when it worked.
 */
export function confirmAddress(token: string, password: string, address = randomClientAddress(), base = baseUrl): Promise<SignInOutcome> {
  return credentialsCallback({ token, password }, address, base);
}

export interface SignInOutcome {
  cookie: string | null;
  error: string | null;
}

async function credentialsCallback(fields: Record<string, string>, address: string, base: string): Promise<SignInOutcome> {
  const jar = new Map<string, string>();
  const token = await csrfToken(jar, base);
  const res = await fetchViaProxy(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { Cookie: cookieHeader(jar), Origin: base },
    body: new URLSearchParams({ csrfToken: token, ...fields, json: 'true' }),
    forwardedFor: address,
  });
  mergeCookies(jar, res);
  const { url } = (await res.json()) as { url: string };
  const error = new URL(url, base).searchParams.get('error');
  const signedIn = [...jar.keys()].some((name) => name.endsWith('next-auth.session-token'));
  return { cookie: signedIn && !error ? cookieHeader(jar) : null, error };
}

/** Signs out like the header's button does (next-auth's sign-out, with its CSRF token). */
export async function signOut(cookie: string): Promise<Response> {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string]));
  const token = await csrfToken(jar);
  return fetch(`${baseUrl}/api/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar), Origin: baseUrl },
    body: new URLSearchParams({ csrfToken: token, json: 'true' }),
  });
}

/**
 * The link (path and query) of the newest mail of `kind` to `email` in the test server's outbox (it
 * has no SMTP server: every mail stays there), or null.
 */
export async function outboxLink(email: string, kind: string): Promise<string | null> {
  const mail = await testDb().outboxMail.findFirst({ where: { to: email, kind }, orderBy: { createdAt: 'desc' } });
  const url = mail?.text.match(/https?:\/\/\S+\?token=[0-9A-Za-z]+/)?.[0];
  return url ? new URL(url).pathname + new URL(url).search : null;
}

/** The token of the newest sign-up link mailed to `email` (its outbox row). */
export async function verificationToken(email: string): Promise<string> {
  const link = await outboxLink(email, 'verify_email');
  if (!link) throw new Error(`no verification mail to ${email} in the outbox`);
  return new URLSearchParams(link.split('?')[1]).get('token')!;
}

/** Signs up from `address` and confirms the address with the mailed link (the outbox), as a new owner does; the session cookie. */
export async function signUpAndConfirm(email: string, password = GOOD_PASSWORD, address = randomClientAddress()): Promise<string> {
  const res = await signUp(email, password, address);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { cookie, error } = await confirmAddress(await verificationToken(email), password, address);
  if (!cookie) throw new Error(`confirming the address failed: ${error}`);
  return cookie;
}

/** A signed-up account whose address was confirmed through the mailed link (which signs in), with its session. */
export async function signedUpUser(label = 'user'): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(label);
  const res = await signUp(email, GOOD_PASSWORD);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { cookie, error } = await confirmAddress(await verificationToken(email), GOOD_PASSWORD);
  if (!cookie) throw new Error(`confirming the address failed: ${error}`);
  return { email, cookie };
}

/** A dashboard call as the dashboard page makes it (same origin, session cookie). */
export function dashboardCall(
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { Origin: baseUrl },
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
