// The signed-in user of a page or dashboard request, read from the next-auth session cookie.
import 'server-only';
import { getServerSession } from 'next-auth';
import { findUserById, type PublicUser } from '@/lib/accounts/users';
import { db } from '@/lib/db/client';
import { authOptions } from './options';

/** The account behind the session, or null (no session, or the account is gone or disabled). */
export async function getCurrentUser(): Promise<PublicUser | null> {
  const session = await getServerSession(await authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  return findUserById(db(), id);
}
