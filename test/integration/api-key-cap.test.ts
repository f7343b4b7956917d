// The cap of 100 active API keys per account is the database's (a trigger counting under the account's row
// lock): it holds for creations racing from two clients (two server instances) on the machine's
// PostgreSQL, for the embedded PGlite opened directly (the operator command), for keys moved between
// accounts or un-revoked with SQL, and it answers 409's AccountError, never a raw database error.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, MAX_ACTIVE_KEYS_PER_ACCOUNT } from '@/lib/accounts/api-keys';
import { newId } from '@/lib/accounts/ids';
import { createDb, type Db } from '@/lib/db/client';
import { openEmbeddedDirect } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase, servicesAvailable } from './services';

const KEY_LIMIT = { name: 'AccountError', code: 'key_limit_reached' };

async function newUser(db: Db, label: string): Promise<string> {
  const id = newId('usr');
  await db.user.create({ data: { id, email: `${label}-${id}@example.test`, passwordHash: 'scrypt$x' } });
  return id;
}

/** `count` active keys (or revoked ones) made in one statement. */
async function seed(db: Db, userId: string, count: number, revoked = false): Promise<void> {
  await db.apiKey.createMany({
    data: Array.from({ length: count }, () => {
      const id = newId('key');
      return { id, userId, name: 'seed', prefix: 'yj_seed0000', hash: id, revokedAt: revoked ? new Date() : null };
    }),
  });
}

const activeKeys = (db: Db, userId: string) => db.apiKey.count({ where: { userId, revokedAt: null } });

async function capHolds(db: Db): Promise<void> {
  const user = await newUser(db, 'cap');
  await seed(db, user, 30, true);
  await seed(db, user, MAX_ACTIVE_KEYS_PER_ACCOUNT - 1);
  await createApiKey(db, user, 'hundredth');
  await expect(createApiKey(db, user, 'one too many')).rejects.toMatchObject(KEY_LIMIT);
  // One statement inserting past the cap fails as a whole.
  const other = await newUser(db, 'bulk');
  await expect(seed(db, other, MAX_ACTIVE_KEYS_PER_ACCOUNT + 1)).rejects.toThrow(/at most 100 active API keys/);
  expect(await activeKeys(db, other)).toBe(0);
  // Un-revoking a key or moving one to a full account is refused too.
  const revoked = await db.apiKey.findFirstOrThrow({ where: { userId: user, revokedAt: { not: null } } });
  await expect(db.apiKey.update({ where: { id: revoked.id }, data: { revokedAt: null } })).rejects.toThrow(/at most 100 active API keys/);
  const outsider = await newUser(db, 'outsider');
  const { key } = await createApiKey(db, outsider, 'mover');
  await expect(db.apiKey.update({ where: { id: key.id }, data: { userId: user } })).rejects.toThrow(/at most 100 active API keys/);
  expect(await activeKeys(db, user)).toBe(MAX_ACTIVE_KEYS_PER_ACCOUNT);
}

describe('the active key cap on the embedded PGlite', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-keycap-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the 101st active key, in bulk, by un-revoking and by moving', async () => {
    const { db, close } = await openEmbeddedDirect(path.join(dir, 'direct'));
    try {
      await migrate(db);
      await capHolds(db);
    } finally {
      await close();
    }
  });
});

const available = await servicesAvailable();

describe.runIf(available)('the active key cap on the machine’s PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await freshDatabase();
    a = createDb(database.url, 10);
    b = createDb(database.url, 10);
    await migrate(a);
  });
  afterAll(async () => {
    await a?.$disconnect();
    await b?.$disconnect();
    await database?.drop();
  });

  it('refuses the 101st active key, in bulk, by un-revoking and by moving', async () => {
    await capHolds(a);
  });

  it('holds when 40 creations race from two instances: exactly the 10 that fit are made', async () => {
    const user = await newUser(a, 'race');
    await seed(a, user, MAX_ACTIVE_KEYS_PER_ACCOUNT - 10);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => createApiKey(i % 2 ? a : b, user, `racer ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject(KEY_LIMIT);
    expect(await activeKeys(a, user)).toBe(MAX_ACTIVE_KEYS_PER_ACCOUNT);
  });
});
