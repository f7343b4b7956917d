// The key list's pages read 101 index entries each, however long the list; and the cap of 100 active API keys per account is the database's (a trigger counting under the account's row
// lock): it holds for creations racing from two clients (two server instances) on the machine's
// PostgreSQL, for the embedded PGlite opened directly (the operator command), for keys moved between
// accounts or un-revoked with SQL, and it answers 409's AccountError, never a raw database error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, keyPageQuery, listApiKeys, MAX_ACTIVE_KEYS_PER_ACCOUNT } from '@/lib/accounts/api-keys';
import { newId } from '@/lib/accounts/ids';
import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { migrate } from '@/lib/db/migrate';
import { directEmbeddedDatabase, migratedPostgresDatabase, type TemporaryDatabase } from '../helpers/fixtures';
import { servicesAvailable } from './services';

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

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/**
 * Rows the database reads for the page in the middle of an account's list of `total` keys: the work a
 * page costs, which must not grow with the list (no scan of the keys after the cursor, no sort).
 */
async function rowsReadForMiddlePage(db: Db, total: number): Promise<{ read: number; nodeTypes: string[]; page: number }> {
  const user = await newUser(db, `pages-${total}`);
  for (let done = 0; done < total; done += 1000) await seed(db, user, Math.min(1000, total - done), true);
  await db.$executeRawUnsafe('ANALYZE "ApiKey"');
  let cursor: string | null = null;
  for (let i = 0; i < total / 200; i++) cursor = (await listApiKeys(db, user, cursor)).nextCursor;
  const [ms, id] = Buffer.from(cursor!, 'base64url').toString('latin1').split('.');
  const explained = await db.$queryRaw<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>>(
    Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${keyPageQuery(user, { createdAt: new Date(Number(ms)), id: id! }, 101)}`,
  );
  const raw = explained[0]!['QUERY PLAN'];
  const nodes = planNodes((typeof raw === 'string' ? JSON.parse(raw) : raw)[0]!.Plan);
  const scans = nodes.filter((n) => /Scan/.test(n['Node Type']));
  // A row read and thrown away (before the cursor) is work too.
  return {
    read: scans.reduce((sum, n) => sum + n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0), 0),
    nodeTypes: nodes.map((n) => n['Node Type']),
    page: (await listApiKeys(db, user, cursor)).keys.length,
  };
}

async function pagesReadOnlyTheirRows(db: Db): Promise<void> {
  const small = await rowsReadForMiddlePage(db, 2000);
  const large = await rowsReadForMiddlePage(db, 4000);
  for (const run of [small, large]) {
    expect(run.page).toBe(100);
    expect(run.nodeTypes).not.toContain('Sort');
    expect(run.read).toBe(101);
  }
}

describe('the active key cap on the embedded PGlite', () => {
  it('refuses the 101st active key, in bulk, by un-revoking and by moving; a page reads only its rows', async () => {
    const { db, close } = await directEmbeddedDatabase('keycap');
    try {
      await migrate(db);
      await capHolds(db);
      await pagesReadOnlyTheirRows(db);
    } finally {
      await close();
    }
  });
});

const available = await servicesAvailable();

describe.runIf(available)('the active key cap on the machine’s PostgreSQL', () => {
  let database: TemporaryDatabase;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await migratedPostgresDatabase(10);
    a = database.db;
    b = database.connect(10);
  });
  afterAll(() => database?.stop());

  it('refuses the 101st active key, in bulk, by un-revoking and by moving', async () => {
    await capHolds(a);
  });

  it('reads 101 index entries for a page in the middle of 2,000 keys and of 4,000, with no sort', async () => {
    await pagesReadOnlyTheirRows(a);
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
