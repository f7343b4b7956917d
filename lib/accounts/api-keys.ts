// API keys: created with a name, shown once, stored as SHA-256 and a display prefix; renamed,
// revoked, and looked up on every API call.
import type { Db } from '@/lib/db/client';
import { AccountError } from './errors';
import { API_KEY_PATTERN, hashApiKey, newApiKey, newId } from './ids';
import { isPlanId, type PlanId } from './plans';

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

type KeyRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

const toView = (k: KeyRow): ApiKeyView => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export const KEY_NAME_MAX_LENGTH = 64;

function cleanName(name: unknown): string {
  if (typeof name !== 'string') throw new AccountError('bad_request', 'Give the key a name (a string).');
  const trimmed = name.trim();
  if (!trimmed) throw new AccountError('bad_request', 'Give the key a name.');
  if (trimmed.length > KEY_NAME_MAX_LENGTH) {
    throw new AccountError('bad_request', `Key names are at most ${KEY_NAME_MAX_LENGTH} characters.`);
  }
  return trimmed;
}

export async function createApiKey(db: Db, userId: string, name: unknown): Promise<{ key: ApiKeyView; secret: string }> {
  const { secret, prefix, hash } = newApiKey();
  const row = await db.apiKey.create({ data: { id: newId('key'), userId, name: cleanName(name), prefix, hash } });
  return { key: toView(row), secret };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
  return rows.map(toView);
}

/** Only the owner's keys are found: another account's key id is "not found", never "forbidden". */
async function ownKey(db: Db, userId: string, id: string): Promise<KeyRow> {
  const row = await db.apiKey.findFirst({ where: { id, userId } });
  if (!row) throw new AccountError('not_found', 'No such key.');
  return row;
}

export async function renameApiKey(db: Db, userId: string, id: string, name: unknown): Promise<ApiKeyView> {
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

export interface KeyOwner {
  keyId: string;
  userId: string;
  plan: PlanId;
}

/** The account behind a key, or null for an unknown or revoked key or a disabled account (one indexed query). */
export async function authenticateApiKey(db: Db, secret: string): Promise<KeyOwner | null> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const rows = await db.$queryRaw<Array<{ keyId: string; userId: string; plan: string }>>`
    SELECT k."id" AS "keyId", u."id" AS "userId", u."plan" AS "plan"
    FROM "ApiKey" k JOIN "User" u ON u."id" = k."userId"
    WHERE k."hash" = ${hashApiKey(secret)} AND k."revokedAt" IS NULL AND u."disabledAt" IS NULL`;
  const row = rows[0];
  if (!row) return null;
  return { keyId: row.keyId, userId: row.userId, plan: isPlanId(row.plan) ? row.plan : 'free' };
}

/**
 * Last-used times without a write per call: each process writes a key's time at most once a
 * minute (the dashboard shows it to the minute).
 */
export const LAST_USED_RESOLUTION_MS = 60_000;
const lastWritten = new Map<string, number>();

export function touchApiKey(db: Db, keyId: string, now = Date.now()): Promise<void> | null {
  const previous = lastWritten.get(keyId);
  if (previous !== undefined && now - previous < LAST_USED_RESOLUTION_MS) return null;
  lastWritten.set(keyId, now);
  if (lastWritten.size > 100_000) lastWritten.clear();
  return db.apiKey
    .update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } })
    .then(() => undefined)
    .catch((err: unknown) => {
      lastWritten.delete(keyId);
      console.error('[api-keys] could not record last use:', err);
    });
}
