// The migrations and the Prisma client, on the embedded PGlite and on the machine's PostgreSQL:
// migrating twice (and from two clients at once) applies each migration once, and the client
// works on every model of the migrated database.
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/lib/db/client';
import { migrate, readMigrations, splitStatements } from '@/lib/db/migrate';
import { directEmbeddedDatabase, temporaryEmbeddedServer } from '../helpers/fixtures';
import { freshDatabase, servicesAvailable } from './services';

async function exerciseEveryModel(db: Db): Promise<void> {
  const user = await db.user.create({ data: { id: 'usr_1', email: 'a@example.test', passwordHash: 'scrypt$x' } });
  expect(user.plan).toBe('free');
  expect(user.createdAt).toBeInstanceOf(Date);
  await expect(db.user.create({ data: { id: 'usr_2', email: 'a@example.test', passwordHash: 'x' } })).rejects.toMatchObject({ code: 'P2002' });

  const key = await db.apiKey.create({ data: { id: 'key_1', userId: user.id, name: 'k', prefix: 'yj_abcdefgh', hash: 'h1' } });
  expect(key.lastUsedAt).toBeNull();
  await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  const withKeys = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { apiKeys: true, usage: true } });
  expect(withKeys.apiKeys.map((k) => k.revokedAt instanceof Date)).toStrictEqual([true]);

  const hour = new Date('2026-11-22T10:00:00Z');
  await db.usageHour.create({ data: { userId: user.id, hourStart: hour, count: 3 } });
  await db.usageHour.update({ where: { userId_hourStart: { userId: user.id, hourStart: hour } }, data: { count: { increment: 2 } } });
  expect((await db.usageHour.findFirstOrThrow({ where: { userId: user.id } })).count).toBe(5);

  await db.rateCounter.upsert({
    where: { bucket_windowStart: { bucket: 'b', windowStart: hour } },
    create: { bucket: 'b', windowStart: hour, count: 1 },
    update: { count: { increment: 1 } },
  });
  expect((await db.rateCounter.findMany()).map((r) => r.count)).toStrictEqual([1]);

  const session = await db.session.create({ data: { id: 'a'.repeat(64), userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
  expect(session.createdAt).toBeInstanceOf(Date);
  expect((await db.session.findUniqueOrThrow({ where: { id: session.id }, include: { user: true } })).user.email).toBe('a@example.test');

  await db.appSecret.create({ data: { name: 's', value: 'v' } });
  expect((await db.appSecret.findUniqueOrThrow({ where: { name: 's' } })).value).toBe('v');

  // Billing (lib/billing/): one customer per account and one account per customer; a subscription has one account.
  const billing = await db.billingAccount.create({ data: { userId: user.id, stripeCustomerId: 'cus_1', stateReadAt: new Date(0) } });
  expect([billing.subscriptionId, billing.grantedPlan, billing.stateReadAt.getTime()]).toStrictEqual([null, null, 0]);
  await db.billingAccount.update({
    where: { userId: user.id },
    data: {
      subscriptionId: 'sub_1',
      subscriptionStatus: 'past_due',
      subscriptionPlan: 'pro',
      paymentFailedAt: hour,
      cancelAt: hour,
      grantedPlan: 'pro',
    },
  });
  expect((await db.billingAccount.findMany({ where: { paymentFailedAt: { lte: hour } } })).map((b) => b.subscriptionId)).toStrictEqual(['sub_1']);
  const other = await db.user.create({ data: { id: 'usr_3', email: 'b@example.test', passwordHash: 'scrypt$x' } });
  await expect(db.billingAccount.create({ data: { userId: other.id, stripeCustomerId: 'cus_1' } })).rejects.toMatchObject({ code: 'P2002' });
  await expect(db.billingAccount.create({ data: { userId: other.id, stripeCustomerId: 'cus_2', subscriptionId: 'sub_1' } })).rejects.toMatchObject({
    code: 'P2002',
  });
  await db.stripeEvent.create({ data: { id: 'evt_1', type: 'invoice.paid' } });
  await expect(db.stripeEvent.create({ data: { id: 'evt_1', type: 'invoice.paid' } })).rejects.toMatchObject({ code: 'P2002' });
  await db.supportRequest.create({ data: { id: 'req_1', userId: user.id, kind: 'support', plan: 'pro', email: user.email, message: 'hi\nthere' } });
  expect((await db.supportRequest.findFirstOrThrow({ where: { userId: user.id } })).message).toBe('hi\nthere');

  // Deleting an account deletes its keys, usage, sessions, billing row and requests (ON DELETE CASCADE); applied events stay.
  await db.user.delete({ where: { id: user.id } });
  expect(await db.apiKey.count()).toBe(0);
  expect(await db.usageHour.count()).toBe(0);
  expect(await db.session.count()).toBe(0);
  expect([await db.billingAccount.count(), await db.supportRequest.count(), await db.stripeEvent.count()]).toStrictEqual([0, 0, 1]);
}

describe('migrations', () => {
  it('split into statements outside quotes and comments', () => {
    expect(splitStatements(`-- a; comment\nCREATE TABLE "x;y" (a TEXT DEFAULT 'p;q');\nSELECT 1;`)).toStrictEqual([
      `CREATE TABLE "x;y" (a TEXT DEFAULT 'p;q')`,
      'SELECT 1',
    ]);
    expect(readMigrations().length).toBeGreaterThan(0);
  });
});

describe('Prisma on the embedded PGlite', () => {
  it('opened directly (pglite-prisma-adapter): migrates once, then every model works', async () => {
    const { db, close } = await directEmbeddedDatabase('pglite');
    try {
      const first = await migrate(db);
      expect(first.applied).toStrictEqual(readMigrations().map((m) => m.name));
      expect(await migrate(db)).toStrictEqual({ applied: [], alreadyApplied: first.applied });
      await exerciseEveryModel(db);
    } finally {
      await close();
    }
  });

  it('served over the socket (as npm start does): two migrators at once apply each migration once', async () => {
    const server = await temporaryEmbeddedServer('pglite');
    const a = server.connect(2);
    const b = server.connect(2);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ra.applied, ...rb.applied].sort()).toStrictEqual(readMigrations().map((m) => m.name));
      await exerciseEveryModel(a);
    } finally {
      await server.stop();
    }
  });
});

const available = await servicesAvailable();

describe.runIf(available)('Prisma on the machine’s PostgreSQL', () => {
  it('two migrators at once apply each migration once; a changed migration is refused; every model works', async () => {
    const database = await freshDatabase();
    const a = createDb(database.url, 2);
    const b = createDb(database.url, 2);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ra.applied, ...rb.applied].sort()).toStrictEqual(readMigrations().map((m) => m.name));
      const rows = await a.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM "_prisma_migrations"');
      expect(Number(rows[0]!.n)).toBe(readMigrations().length);
      const changed = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
      await expect(migrate(a, changed)).rejects.toThrow(/was changed after it was applied/);
      await exerciseEveryModel(a);
    } finally {
      await a.$disconnect();
      await b.$disconnect();
      await database.drop();
    }
  });
});
