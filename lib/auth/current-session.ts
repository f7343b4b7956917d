// The session secret of the request's own session cookie (the `sid` its next-auth token carries):
// what a password change keeps while it ends the account's other sessions.
import 'server-only';
import { getToken } from 'next-auth/jwt';
import type { AuthServices } from './options';

const COOKIE_NAMES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

function cookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

/** The secret of the session the request's cookie carries, or null (no cookie, or one that does not decode). */
export async function currentSessionSecret(cookieHeader: string | null, services: AuthServices): Promise<string | null> {
  const jar = cookies(cookieHeader);
  const secret = await services.sessionSecret.get();
  for (const cookieName of COOKIE_NAMES) {
    if (![...jar.keys()].some((name) => name.startsWith(cookieName))) continue;
    const token = await getToken({
      req: { cookies: jar, headers: {} } as never,
      cookieName,
      secret,
      secureCookie: cookieName.startsWith('__Secure-'),
    });
    if (typeof token?.sid === 'string') return token.sid;
  }
  return null;
}
