// next-auth: email + password (Credentials provider), JWT sessions. The signing secret is
// NEXTAUTH_SECRET when set, else one generated on first use and kept in the database, so every
// instance sharing the database agrees on it with nothing to configure.
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { isAccountError } from '@/lib/accounts/errors';
import { verifyCredentials } from '@/lib/accounts/users';
import { db } from '@/lib/db/client';

// Without NEXTAUTH_URL, next-auth takes the site's address from the request's Host header.
if (!process.env.NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = '1';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

let secret: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  const fromEnv = process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  const candidate = randomBytes(32).toString('base64url');
  // The first instance to ask stores its candidate; everyone reads the stored one.
  await db().$executeRaw`INSERT INTO "AppSecret" ("name", "value") VALUES ('nextauth_secret', ${candidate}) ON CONFLICT ("name") DO NOTHING`;
  const row = await db().appSecret.findUniqueOrThrow({ where: { name: 'nextauth_secret' } });
  return row.value;
}

export function sessionSecret(): Promise<string> {
  secret ??= loadSecret().catch((err: unknown) => {
    secret = undefined;
    throw err;
  });
  return secret;
}

/** The client's address as the proxy in front (or Next itself) reports it. */
export function clientAddress(headers: Record<string, string | string[] | undefined> | Headers): string {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : ([headers[name]].flat()[0] ?? null);
  return get('x-forwarded-for')?.split(',')[0]?.trim() || get('x-real-ip')?.trim() || 'unknown';
}

export async function authOptions(): Promise<NextAuthOptions> {
  return {
    secret: await sessionSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const email = credentials?.email ?? '';
          const password = credentials?.password ?? '';
          if (!email || !password) throw new Error('Enter your email and password.');
          try {
            const user = await verifyCredentials(db(), email, password, clientAddress(req.headers ?? {}));
            return { id: user.id, email: user.email };
          } catch (err) {
            // next-auth hands this message to signIn()'s `error`, which the form shows as is.
            if (isAccountError(err)) throw new Error(err.message);
            console.error('[auth] sign-in failed:', err);
            throw new Error('Signing in is not possible right now; try again shortly.');
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      async session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
