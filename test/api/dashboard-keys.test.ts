// The dashboard's key list comes in pages of 100 (cursor), and an account holds at most 100 active keys,
// a cap that holds when creations run at once.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '@/lib/accounts/ids';
import { dashboardCall, signedUpUser, testDb } from './accounts';
import { expectError } from './helpers';

interface KeyPage {
  keys: Array<{ id: string; name: string; revokedAt: string | null }>;
  nextCursor: string | null;
}

/** `count` keys made straight in the database (`revoked` of them revoked), `sameMs` at a time sharing one creation time. */
async function seedKeys(email: string, count: number, options: { revoked?: number; sameMs?: number } = {}): Promise<string[]> {
  const db = testDb();
  const { id: userId } = await db.user.findUniqueOrThrow({ where: { email } });
  const start = Date.now() - 3_600_000;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId('key'),
    userId,
    name: `seeded ${i}`,
    prefix: 'yj_seeded0',
    hash: randomBytes(32).toString('hex'),
    createdAt: new Date(start + Math.floor(i / (options.sameMs ?? 1))),
    revokedAt: i < (options.revoked ?? 0) ? new Date() : null,
  }));
  await db.apiKey.createMany({ data: rows });
  return rows.map((r) => r.id);
}

async function page(cookie: string, cursor?: string): Promise<KeyPage> {
  const res = await dashboardCall(cookie, 'GET', `/api/dashboard/keys${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as KeyPage;
}

const LIMIT_MESSAGE = 'This account has 100 active keys, the most it may have. Revoke a key you no longer use, then create a new one.';

describe('the key list', () => {
  it('comes 100 keys a page, newest first, every key exactly once, ending with nextCursor null', async () => {
    const { email, cookie } = await signedUpUser('pages');
    // 250 keys, 150 of them revoked; five at a time share a creation time (ties are ordered by id).
    await seedKeys(email, 250, { revoked: 150, sameMs: 5 });
    const expected = (
      await testDb().apiKey.findMany({ where: { user: { email } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })
    ).map((k) => k.id);

    const first = await page(cookie);
    expect(first.keys).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(cookie, first.nextCursor!);
    expect(second.keys).toHaveLength(100);
    const third = await page(cookie, second.nextCursor!);
    expect(third.keys).toHaveLength(50);
    expect(third.nextCursor).toBeNull();
    expect([...first.keys, ...second.keys, ...third.keys].map((k) => k.id)).toStrictEqual(expected);
  });

  it('keeps its place when keys are created while paging', async () => {
    const { email, cookie } = await signedUpUser('paging-while-creating');
    await seedKeys(email, 150, { revoked: 100 });
    const first = await page(cookie);
    expect((await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'newer' })).status).toBe(201);
    const second = await page(cookie, first.nextCursor!);
    expect(second.keys).toHaveLength(50);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.keys, ...second.keys].map((k) => k.id)).size).toBe(150);
  });

  it('answers a short list in one page, with nextCursor null (clients reading only `keys` keep working)', async () => {
    const { cookie } = await signedUpUser('short');
    expect((await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'only' })).status).toBe(201);
    const only = await page(cookie);
    expect(only.keys.map((k) => k.name)).toStrictEqual(['only']);
    expect(only.nextCursor).toBeNull();
  });
});

describe('the cap on active keys', () => {
  it('refuses the 101st active key with 409 key_limit_reached; revoking one makes room', async () => {
    const { email, cookie } = await signedUpUser('cap');
    // Revoked keys do not count.
    await seedKeys(email, 119, { revoked: 20 });
    expect((await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'hundredth' })).status).toBe(201);
    await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'one too many' }), 409, {
      code: 'key_limit_reached',
      message: LIMIT_MESSAGE,
    });
    const victim = (await page(cookie)).keys.find((k) => k.revokedAt === null)!;
    expect((await dashboardCall(cookie, 'POST', `/api/dashboard/keys/${victim.id}/revoke`)).status).toBe(200);
    expect((await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'in its place' })).status).toBe(201);
    expect(await testDb().apiKey.count({ where: { user: { email }, revokedAt: null } })).toBe(100);
  });

  it('holds when 30 creations run at once: exactly the 10 that fit succeed', async () => {
    const { email, cookie } = await signedUpUser('cap-race');
    await seedKeys(email, 90);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: `racer ${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toStrictEqual([...Array<number>(10).fill(201), ...Array<number>(20).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('key_limit_reached');
    }
    expect(await testDb().apiKey.count({ where: { user: { email }, revokedAt: null } })).toBe(100);
  });
});
