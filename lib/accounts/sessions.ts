// Server-side sessions: a row per sign-in, so that a session can end before its cookie does. The
// cookie (next-auth's signed and encrypted JWT) carries a random session secret; the row is found
// by the secret's SHA-256. Every dashboard request and page looks its row up (one indexed query
// joined with the account): sign-out, "sign out everywhere", a password change and a disabled
// account end a session on its next request. The public API uses keys, never sessions.
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { secretBase62 } from './ids';
import { toPublicUser, type PublicUser } from './public-user';

/** A session lasts this long from sign-in, however active it is. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** A session's row id: the SHA-256 (hex) of the secret its cookie carries. */
export const sessionRowId = (secret: string) => createHash('sha256').update(secret).digest('hex');
const rowId = sessionRowId;

/** Starts a session for the account; returns the secret that only the session cookie carries. */
export async function startSession(db: Db, userId: string, now = new Date()): Promise<string> {
  const secret = secretBase62(32);
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.$transaction([
    // The account's ended sessions go when it signs in again: the table holds live sessions only.
    db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } }),
    db.session.create({ data: { id: rowId(secret), userId, createdAt: now, expiresAt } }),
  ]);
  return secret;
}

/** The account of a live session, or null: no such session (ended), expired, or the account is disabled. */
export async function findSessionUser(db: Db, secret: unknown): Promise<PublicUser | null> {
  if (typeof secret !== 'string' || secret.length === 0) return null;
  const row = await db.session.findUnique({ where: { id: rowId(secret) }, include: { user: true } });
  // An account whose address is not proven cannot sign in; a session of one (from before that rule) is none.
  if (!row || row.expiresAt.getTime() <= Date.now() || row.user.disabledAt || !row.user.emailVerifiedAt) return null;
  return toPublicUser(row.user);
}

/** Sign-out: ends this one session. */
export async function endSession(db: Db, secret: unknown): Promise<void> {
  if (typeof secret !== 'string' || secret.length === 0) return;
  await db.session.deleteMany({ where: { id: rowId(secret) } });
}

/** Ends every session of the account (sign out everywhere, password change, disabled account); returns how many. */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  return count;
}
