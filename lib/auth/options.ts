// next-auth: email + password (Credentials provider), JWT session cookies backed by server-side
// sessions (lib/accounts/sessions.ts): the cookie carries a session secret whose row must still
// exist, so signing out, "sign out everywhere", a password change or a disabled account end it on
// its next request. The signing secret is the services' (lib/auth/session-secret.ts).
import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import { isAccountError } from '@/lib/accounts/errors';
import { endSession, findSessionUser, SESSION_MAX_AGE_SECONDS, startSession } from '@/lib/accounts/sessions';
import { verifyCredentials } from '@/lib/accounts/users';
import { confirmAddress } from '@/lib/accounts/verification';
import type { Db } from '@/lib/db/client';
import type { Logger } from '@/lib/observability/logger';
import { describeFailure, unavailableDependency } from '@/lib/dependencies';
import { requestClientAddress } from '@/lib/http/client-address';
import type { Services } from '@/lib/services/seam';
import { sameSitePath } from '@/lib/web/safe-callback-url';

// Without NEXTAUTH_URL, next-auth takes the site's address from the request's Host header
// (AUTH_TRUST_HOST, set at start by lib/config's exportForLibraries).

/** What the sign-in options use of the server's services. */
export type AuthServices = Pick<Services, 'db' | 'config' | 'log' | 'mail' | 'site' | 'sessionSecret'>;

export { SESSION_MAX_AGE_SECONDS };

/** Thrown by the session callback for a cookie whose session has ended: next-auth then clears the cookie. */
class SessionEnded extends Error {
  constructor() {
    super('the session has ended');
    this.name = 'SessionEnded';
  }
}

/** The session secret a cookie's token carries (`sid`), if any. */
const sessionIdOf = (token: JWT | null | undefined): unknown => token?.sid;

/** next-auth's options; `services` from the caller's edge (the auth route, getCurrentUser's caller). */
export async function authOptions(services: AuthServices): Promise<NextAuthOptions> {
  const { db, log } = services;
  return {
    secret: await services.sessionSecret.get(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/signin', error: '/signin' },
    providers: [credentialsProvider(services)],
    callbacks: sessionCallbacks(db, log),
    events: {
      async signOut({ token }) {
        await endSession(db, sessionIdOf(token));
      },
    },
    logger: authLogger(log),
  };
}

/**
 * Email and password, checked with the sign-in throttles (lib/accounts/users.ts); or, from the link
 * sign-up mailed (`token`), the password chosen at sign-up, which confirms the address and signs in
 * (lib/accounts/verification.ts).
 */
function credentialsProvider({ db, log, mail, site }: AuthServices) {
  return CredentialsProvider({
    name: 'Email and password',
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
      token: { label: 'Link', type: 'text' },
    },
    async authorize(credentials, req) {
      const email: unknown = credentials?.email ?? '';
      const password: unknown = credentials?.password ?? '';
      const token: unknown = credentials?.token ?? '';
      const byLink = typeof token === 'string' && token !== '';
      if (typeof password !== 'string' || !password || (!byLink && (typeof email !== 'string' || !email))) {
        throw new Error(byLink ? 'Enter your password.' : 'Enter your email and password.');
      }
      const address = requestClientAddress(req.headers ?? {});
      try {
        const user = byLink
          ? await confirmAddress(db, mail, site.origin, { token, password, address })
          : await verifyCredentials(db, email as string, password, address);
        return { id: user.id, email: user.email };
      } catch (err) {
        // next-auth hands this message to signIn()'s `error`, which the form shows as is.
        if (isAccountError(err)) throw new Error(err.message);
        log.error({ err, component: 'auth' }, 'sign-in failed');
        throw new Error('Signing in is not possible right now; try again shortly.');
      }
    },
  });
}

function sessionCallbacks(db: Db, log: Logger): NextAuthOptions['callbacks'] {
  return {
    // At sign-in (`user` is set) a server-side session starts; its secret rides in the token.
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sid = await startSession(db, user.id);
      }
      return token;
    },
    // Every read of the session (pages, the dashboard's API, the browser's /api/auth/session)
    // checks that its row still exists and the account is not disabled.
    // A database that does not answer is not a signed-out session: next-auth would swallow the
    // error and answer "no session" (a 401 on the dashboard's API), so the session says which
    // dependency failed and getCurrentUser() throws it (503 unavailable).
    async session({ session, token }) {
      let user: Awaited<ReturnType<typeof findSessionUser>>;
      try {
        user = await findSessionUser(db, sessionIdOf(token));
      } catch (err) {
        const dependency = unavailableDependency(err);
        if (!dependency) throw err;
        log.warn({ component: 'next-auth', dependency, detail: describeFailure(err) }, 'session lookup: dependency unavailable');
        return { ...session, unavailable: dependency };
      }
      if (!user || user.id !== token.sub) throw new SessionEnded();
      return { ...session, user: { ...session.user, id: user.id, email: user.email, plan: user.plan } };
    },
    // Only paths on this site (the same check as the sign-in page's callbackUrl).
    redirect({ url, baseUrl }) {
      const base = new URL(baseUrl);
      const target = url.startsWith(base.origin) ? url.slice(base.origin.length) || '/' : url;
      const path = sameSitePath(target);
      return path ? `${base.origin}${path}` : baseUrl;
    },
  };
}

/**
 * next-auth's own messages, in the server's log. Only the code and the error: its metadata may hold the
 * request's cookies or the sign-in form, which are never logged.
 */
function authLogger(log: Logger): NextAuthOptions['logger'] {
  return {
    // An ended session is an expected answer (signed out), not an error worth a log line.
    error(code, metadata) {
      const err = (metadata as { error?: unknown } | undefined)?.error ?? metadata;
      if (err instanceof SessionEnded) return;
      log.error({ component: 'next-auth', code, err: err instanceof Error ? err : undefined }, 'next-auth error');
    },
    warn(code) {
      log.warn({ component: 'next-auth', code }, 'next-auth warning');
    },
    debug() {},
  };
}
