// The signed-in user of a page or dashboard request, read from the next-auth session cookie.
import 'server-only';
import { getServerSession } from 'next-auth';
import { isPlanId } from '@/lib/accounts/plans';
import type { PublicUser } from '@/lib/accounts/users';
import { DependencyUnavailableError, type Dependency } from '@/lib/dependencies';
import { authOptions, type AuthServices } from './options';

/**
 * The account behind the session, or null: no session, or one that has ended (signed out, signed
 * out everywhere, password changed, account disabled or gone). The session callback in options.ts
 * looks the session and its account up (one query) on every call. Throws DependencyUnavailableError
 * (503 unavailable on the API) when the database does not answer that lookup.
 */
export async function getCurrentUser(services: AuthServices): Promise<PublicUser | null> {
  const session = await getServerSession(await authOptions(services));
  const unavailable = (session as { unavailable?: Dependency } | null)?.unavailable;
  if (unavailable) throw new DependencyUnavailableError(unavailable, `the ${unavailable} did not answer the session lookup`);
  const user = session?.user as Partial<PublicUser> | undefined;
  if (!user?.id || !user.email || !isPlanId(user.plan)) return null;
  return { id: user.id, email: user.email, plan: user.plan };
}
