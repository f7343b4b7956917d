// The auth-change triggers (prisma/migrations/20261122100000_auth_change_notify) on the machine's
// PostgreSQL, seen by a LISTEN connection: revoking a key, changing a plan, disabling or deleting an
// account notify yamljson_auth; a key's last use, its name, and a rolled-back change do not.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { createUser, disableUser, setPlan } from '@/lib/accounts/users';
import type { Db } from '@/lib/db/client';
import { GOOD_PASSWORD, migratedPostgresDatabase, type TemporaryDatabase } from '../helpers/fixtures';
import { servicesAvailable } from './services';

const available = await servicesAvailable();

describe.runIf(available)('auth-change notifications on PostgreSQL', () => {
  let database: TemporaryDatabase;
  let db: Db;
  let listener: pg.Client;
  const seen: string[] = [];

  beforeAll(async () => {
    database = await migratedPostgresDatabase();
    db = database.db;
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (n) => seen.push(`${n.channel}: ${n.payload}`));
    await listener.query('LISTEN yamljson_auth');
  });
  afterAll(async () => {
    await listener?.end();
    await database?.stop();
  });

  /** The next `count` notifications (they arrive in commit order). */
  async function next(count: number): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    while (seen.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return seen.splice(0, count);
  }

  it('notifies exactly the changes that can alter a key’s owner', async () => {
    const email = 'notify@example.test';
    const user = await createUser(db, email, GOOD_PASSWORD);
    const { key } = await createApiKey(db, user.id, 'k');
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
    await renameApiKey(db, user.id, key.id, 'renamed');
    await expect(
      db.$transaction(async (tx) => {
        await tx.user.update({ where: { id: user.id }, data: { plan: 'pro' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Each change below is the first one seen after those that notify nothing.
    await revokeApiKey(db, user.id, key.id);
    expect(await next(1)).toStrictEqual([`yamljson_auth: ApiKey ${key.id}`]);
    await setPlan(db, user.id, 'pro');
    expect(await next(1)).toStrictEqual([`yamljson_auth: User ${user.id}`]);
    await disableUser(db, email);
    expect(await next(1)).toStrictEqual([`yamljson_auth: User ${user.id}`]);
    const { key: second } = await createApiKey(db, user.id, 'second');
    await db.user.delete({ where: { id: user.id } });
    // Its keys go with it (ON DELETE CASCADE), each notified.
    expect((await next(3)).sort()).toStrictEqual(
      [`yamljson_auth: ApiKey ${key.id}`, `yamljson_auth: ApiKey ${second.id}`, `yamljson_auth: User ${user.id}`].sort(),
    );
    expect(seen).toStrictEqual([]);
  });
});
