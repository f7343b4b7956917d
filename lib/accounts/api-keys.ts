// API keys: created with a name, shown once, stored as SHA-256 and a display prefix; renamed,
// revoked, and looked up on every API call.
import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { AccountError } from './errors';
import { API_KEY_PATTERN, hashApiKey, KEY_ID_PATTERN, newApiKey, newId } from './ids';
import { isPlanId, type PlanId } from './plans';
import { lineTextProblem } from './text';
import type { Logger } from '@/lib/observability/logger';

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** When the key stops working (refused like a revoked key from then on), or null: it does not expire. */
  expiresAt: string | null;
}

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
};

const toView = (k: KeyRow): ApiKeyView => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
});

export const KEY_NAME_MAX_LENGTH = 64;
/** Active (not revoked) keys one account may hold; revoked keys stay listed and do not count. */
export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 100;
/** Keys per page of the dashboard's list. */
export const KEYS_PAGE_SIZE = 100;

/** The name as stored: trimmed, one line of text, not empty, at most KEY_NAME_MAX_LENGTH characters. */
function cleanName(name: string): string {
  const problem = lineTextProblem(name);
  if (problem === 'lone_surrogate') throw new AccountError('bad_request', 'Key names must be valid Unicode text (this one has a lone surrogate).');
  if (problem) throw new AccountError('bad_request', 'Key names are one line of text: no control characters (NUL, tabs, line breaks...).');
  const trimmed = name.trim();
  if (!trimmed) throw new AccountError('bad_request', 'Give the key a name.');
  if (trimmed.length > KEY_NAME_MAX_LENGTH) {
    throw new AccountError('bad_request', `Key names are at most ${KEY_NAME_MAX_LENGTH} characters.`);
  }
  return trimmed;
}

/**
 * A new key, unless the account already has MAX_ACTIVE_KEYS_PER_ACCOUNT active ones. The database
 * enforces the cap (a trigger that counts under the account's row lock, migration
 * 20261125100000_api_key_pages), so creations racing on any number of instances cannot pass it, and
 * the insert stays one statement.
 */
export async function createApiKey(
  db: Db,
  userId: string,
  name: string,
  expiresAt: Date | null = null,
  now = Date.now(),
): Promise<{ key: ApiKeyView; secret: string }> {
  const { secret, prefix, hash } = newApiKey();
  const cleanedName = cleanName(name);
  checkExpiry(expiresAt, now);
  try {
    const row = await db.apiKey.create({ data: { id: newId('key'), userId, name: cleanedName, prefix, hash, expiresAt } });
    return { key: toView(row), secret };
  } catch (err) {
    if (isKeyCapError(err)) {
      throw new AccountError(
        'key_limit_reached',
        `This account has ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys, the most it may have. Revoke a key you no longer use, then create a new one.`,
      );
    }
    throw err;
  }
}

/** The latest expiry a key may be given at creation: two years (730 days) ahead. */
export const MAX_KEY_LIFETIME_MS = 730 * 24 * 3_600_000;

/** An expiry must be in the future and at most MAX_KEY_LIFETIME_MS ahead (null: the key does not expire). */
function checkExpiry(expiresAt: Date | null, now: number): void {
  if (expiresAt === null) return;
  if (Number.isNaN(expiresAt.getTime()))
    throw new AccountError('bad_request', '"expiresAt" is not a date: send an ISO 8601 time, e.g. 2027-01-31T00:00:00Z.');
  if (expiresAt.getTime() <= now) throw new AccountError('bad_request', '"expiresAt" must be in the future.');
  if (expiresAt.getTime() > now + MAX_KEY_LIFETIME_MS) throw new AccountError('bad_request', '"expiresAt" may be at most 2 years (730 days) ahead.');
}

/** SQLSTATE raised by the cap trigger; the trigger's limit and MAX_ACTIVE_KEYS_PER_ACCOUNT are the same 100. */
const KEY_CAP_SQLSTATE = 'YJ001';

/** The cap trigger's refusal, as Prisma passes it on (the driver adapter's error carries the SQLSTATE). */
function isKeyCapError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fields = e as { code?: unknown; originalCode?: unknown; meta?: { code?: unknown; driverAdapterError?: unknown }; cause?: unknown };
    if (fields.code === KEY_CAP_SQLSTATE || fields.originalCode === KEY_CAP_SQLSTATE || fields.meta?.code === KEY_CAP_SQLSTATE) return true;
    e = fields.cause ?? fields.meta?.driverAdapterError;
  }
  return false;
}

/** One page of the account's keys, newest first; `nextCursor` is null on the last page. */
export interface ApiKeyPage {
  keys: ApiKeyView[];
  nextCursor: string | null;
}

// A cursor names the last key of a page: its creation time (ms) and id, so the next page starts
// right after it in (createdAt, id) order, whatever was created or revoked meanwhile.
const CURSOR_TEXT = /^(\d{1,15})\.(key_[0-9A-Za-z]{20})$/;
const encodeCursor = (row: KeyRow) => Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');

/** 9999-12-31T23:59:59.999Z: a later time has no ISO form PostgreSQL reads. */
const LAST_CURSOR_MS = 253_402_300_799_999;

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1')) : null;
  if (!match || Number(match[1]) > LAST_CURSOR_MS)
    throw new AccountError('bad_request', '"cursor" is not valid: pass the nextCursor of the previous page as it is.');
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/**
 * The SQL of one page: the account's keys after `after` in (createdAt, id) order, newest first. The
 * row comparison is a range condition on the index ("userId", "createdAt" DESC, "id" DESC), so a page
 * reads `limit` index entries wherever it is in the list (an OR of the two columns' conditions would
 * read and sort every key after the cursor).
 */
export function keyPageQuery(userId: string, after: { createdAt: Date; id: string } | null, limit: number): Prisma.Sql {
  const position = after ? Prisma.sql`AND ("createdAt", "id") < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : Prisma.empty;
  return Prisma.sql`SELECT "id", "name", "prefix", "createdAt", "lastUsedAt", "revokedAt", "expiresAt" FROM "ApiKey"
    WHERE "userId" = ${userId} ${position} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
}

/** A page of keys: the first without a cursor, then the one after `cursor` (a previous page's nextCursor). */
export async function listApiKeys(db: Db, userId: string, cursor: string | null = null, pageSize = KEYS_PAGE_SIZE): Promise<ApiKeyPage> {
  const after = cursor === null ? null : decodeCursor(cursor);
  const rows = await db.$queryRaw<KeyRow[]>(keyPageQuery(userId, after, pageSize + 1));
  const page = rows.slice(0, pageSize);
  return { keys: page.map(toView), nextCursor: rows.length > pageSize ? encodeCursor(page[page.length - 1]!) : null };
}

/** Only the owner's keys are found: another account's key id is "not found", never "forbidden". */
async function ownKey(db: Db, userId: string, id: string): Promise<KeyRow> {
  if (!KEY_ID_PATTERN.test(id)) throw new AccountError('bad_request', 'Key ids look like "key_" followed by 20 letters and digits.');
  const row = await db.apiKey.findFirst({ where: { id, userId } });
  if (!row) throw new AccountError('not_found', 'No such key.');
  return row;
}

export async function renameApiKey(db: Db, userId: string, id: string, name: string): Promise<ApiKeyView> {
  await ownKey(db, userId, id);
  const row = await db.apiKey.update({ where: { id }, data: { name: cleanName(name) } });
  return toView(row);
}

export async function revokeApiKey(db: Db, userId: string, id: string): Promise<ApiKeyView> {
  const existing = await ownKey(db, userId, id);
  if (existing.revokedAt) return toView(existing);
  const row = await db.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
  return toView(row);
}

/**
 * Deletes a key that no longer works (revoked or expired), with its usage rows (its request log rows stay,
 * naming its prefix). An active key is refused with 409 key_active: revoke it first.
 */
export async function deleteApiKey(db: Db, userId: string, id: string, now = Date.now()): Promise<{ deleted: string }> {
  const existing = await ownKey(db, userId, id);
  const expired = existing.expiresAt !== null && existing.expiresAt.getTime() <= now;
  if (!existing.revokedAt && !expired) {
    throw new AccountError('key_active', 'This key is still active: revoke it first, then delete it.');
  }
  // Only if it is still not active (a concurrent request cannot make it so, but the condition costs nothing).
  await db.apiKey.deleteMany({ where: { id, userId } });
  return { deleted: id };
}

export interface KeyOwner {
  keyId: string;
  /** The key's display prefix (`yj_` + 8), for the request log. */
  prefix: string;
  userId: string;
  plan: PlanId;
  /** Unix ms when the key expires, or null; a cached owner is refused from then on (key-cache.ts). */
  expiresAtMs: number | null;
}

/** The account behind a key, or null for an unknown, revoked or expired key or a disabled account (one indexed query). */
export async function authenticateApiKey(db: Db, secret: string, now = Date.now()): Promise<KeyOwner | null> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const rows = await db.$queryRaw<Array<{ keyId: string; prefix: string; userId: string; plan: string; expiresAt: Date | null }>>`
    SELECT k."id" AS "keyId", k."prefix" AS "prefix", u."id" AS "userId", u."plan" AS "plan", k."expiresAt" AS "expiresAt"
    FROM "ApiKey" k JOIN "User" u ON u."id" = k."userId"
    WHERE k."hash" = ${hashApiKey(secret)} AND k."revokedAt" IS NULL AND u."disabledAt" IS NULL
      AND (k."expiresAt" IS NULL OR k."expiresAt" > ${new Date(now)})`;
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: row.keyId,
    prefix: row.prefix,
    userId: row.userId,
    plan: isPlanId(row.plan) ? row.plan : 'free',
    expiresAtMs: row.expiresAt ? new Date(row.expiresAt).getTime() : null,
  };
}

/** Whether an owner found earlier is still good at `now` (its key has not expired since). */
export const ownerValidAt = (owner: KeyOwner, now: number): boolean => owner.expiresAtMs === null || owner.expiresAtMs > now;

/**
 * Last-used times without a write per call: each process writes a key's time at most once a
 * minute (the dashboard shows it to the minute).
 */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** Keys remembered at most; past it the memory starts again (a few keys are then written early). */
const MAX_REMEMBERED_KEYS = 100_000;

/** The keys' last use, written at most once a minute per key: one per process, in the services (lib/services). */
export class KeyLastUse {
  /** keyId -> when its last use was written. */
  readonly #written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Writes the key's last use unless this process did so less than a minute ago (null: nothing written). */
  touch(keyId: string, now = Date.now()): Promise<void> | null {
    const written = this.#written;
    const previous = written.get(keyId);
    if (previous !== undefined && now - previous < LAST_USED_RESOLUTION_MS) return null;
    written.set(keyId, now);
    if (written.size > MAX_REMEMBERED_KEYS) written.clear();
    return this.db.apiKey
      .update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } })
      .then(() => undefined)
      .catch((err: unknown) => {
        written.delete(keyId);
        this.log.error({ err, component: 'api-keys', keyId }, 'could not record last use');
      });
  }
}
