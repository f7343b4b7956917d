// Single-use links sent by mail: a random token (about 190 bits, unguessable) whose SHA-256 alone is
// stored, with what it is for, the address it was sent to and an expiry. Using one marks it used in
// the same statement that checks it is unused and unexpired, so of two uses at once one wins.
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import type { Prisma } from '@/lib/db/generated/client';
import { AccountError } from './errors';
import { secretBase62 } from './ids';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** How long a link works: a reset for 30 minutes, an address check for a day. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 30 * 60 * 1000,
  change_email: 24 * 3600 * 1000,
};

/** What a link carries: 32 base62 characters. Anything else is refused before any query. */
const TOKEN_PATTERN = /^[0-9A-Za-z]{32}$/;

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex');

export const INVALID_LINK = 'This link does not work any more: it was used already, it expired, or it was not copied whole. Ask for a new one.';

export interface IssuedToken {
  /** What the link carries; never stored. */
  token: string;
  /** Its row, for the caller's transaction (with the mail that carries the link). */
  insert: Prisma.PrismaPromise<unknown>;
}

/**
 * A new token for `userId`, as a row for the caller's transaction. `passwordHash`: a sign-up's chosen
 * password for an account not verified yet, which confirming the address requires and then sets.
 */
export function issueToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  email: string,
  { now = new Date(), passwordHash = null }: { now?: Date; passwordHash?: string | null } = {},
): IssuedToken {
  const token = secretBase62(32);
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  return {
    token,
    insert: db.accountToken.create({ data: { id: tokenId(token), userId, purpose, email, createdAt: now, expiresAt, passwordHash } }),
  };
}

/** The earlier unused tokens of a purpose, made unusable (a new link replaces the old ones). */
export function retireTokens(db: Db | Prisma.TransactionClient, userId: string, purposes: TokenPurpose[], now = new Date()) {
  return db.accountToken.updateMany({ where: { userId, purpose: { in: purposes }, usedAt: null }, data: { usedAt: now } });
}

export interface TokenRow {
  userId: string;
  purpose: TokenPurpose;
  email: string;
  /** See issueToken. */
  passwordHash: string | null;
}

/** The live (unused, unexpired) token's row, without using it; null otherwise. */
export async function findLiveToken(
  db: Db | Prisma.TransactionClient,
  token: unknown,
  purposes: TokenPurpose[],
  now = new Date(),
): Promise<TokenRow | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const row = await db.accountToken.findUnique({ where: { id: tokenId(token) } });
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || !purposes.includes(row.purpose as TokenPurpose)) return null;
  return { userId: row.userId, purpose: row.purpose as TokenPurpose, email: row.email, passwordHash: row.passwordHash };
}

/**
 * Uses the token inside the caller's transaction: marks it used if it is still live, else throws
 * AccountError (400) with INVALID_LINK, which rolls the transaction back.
 */
export async function useToken(tx: Prisma.TransactionClient, token: unknown, purposes: TokenPurpose[], now = new Date()): Promise<TokenRow> {
  const row = await findLiveToken(tx, token, purposes, now);
  if (!row) throw new AccountError('bad_request', INVALID_LINK);
  const { count } = await tx.accountToken.updateMany({
    where: { id: tokenId(token as string), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw new AccountError('bad_request', INVALID_LINK);
  return row;
}
