// Plans and hourly quotas on the embedded default (PGlite behind the app): exact counts under
// concurrency, the X-RateLimit-* headers, 429 with Retry-After, and the plan's input limit.
import { describe, expect, it } from 'vitest';
import { hourStart } from '@/lib/accounts/quota/interface';
import { accountWithKey, bearer, callConvert, testDb } from './accounts';
import { baseUrl, expectError } from './helpers';
import { expectExactQuota } from '../helpers/quota-burst';
import { storedUsage } from '../helpers/stored-usage';

const nextHourSeconds = () => hourStart().getTime() / 1000 + 3600;

describe('hourly quota (embedded database)', () => {
  it('150 concurrent calls on a fresh Free account: exactly 100 succeed and 50 get 429', async () => {
    const { key, userId } = await accountWithKey('free');
    await expectExactQuota([baseUrl], key, { calls: 150, limit: 100 });
    expect(await storedUsage(testDb(), userId, 150)).toStrictEqual([150]);
  });

  it('sends X-RateLimit-* on every authenticated response, errors included, and counts them all', async () => {
    const { key } = await accountWithKey('free');
    const ok = await callConvert(bearer(key));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('100');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(Number(ok.headers.get('x-ratelimit-reset'))).toBe(nextHourSeconds());
    const bad = await callConvert(bearer(key), 'a: [');
    expect(bad.status).toBe(422);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('98');
  });

  it('answers 429 with Retry-After in seconds until the next clock hour', async () => {
    const { key, userId } = await accountWithKey('free');
    await testDb().usageHour.create({ data: { userId, hourStart: hourStart(), count: 100 } });
    // The seconds left when the server answered: between those left before the call and after it,
    // however long the call took on a busy machine.
    const before = Math.floor(Date.now() / 1000);
    const res = await callConvert(bearer(key));
    const after = Math.floor(Date.now() / 1000);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(nextHourSeconds() - after);
    expect(retryAfter).toBeLessThanOrEqual(nextHourSeconds() - before);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    await expectError(res, 429, {
      code: 'rate_limited',
      message: `The Free plan allows 100 requests per hour and this hour's are used; the quota resets at ${new Date(nextHourSeconds() * 1000).toISOString()}.`,
    });
  });

  it('a plan change applies at once, keeping the calls already made this hour', async () => {
    const { key, userId } = await accountWithKey('free');
    await testDb().usageHour.create({ data: { userId, hourStart: hourStart(), count: 100 } });
    expect((await callConvert(bearer(key))).status).toBe(429);
    await testDb().user.update({ where: { id: userId }, data: { plan: 'pro' } });
    const res = await callConvert(bearer(key));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10_000 - 102));
  });

  it('Enterprise is unlimited: no X-RateLimit-* headers, usage still counted', async () => {
    const { key, userId } = await accountWithKey('enterprise');
    const res = await callConvert(bearer(key));
    expect(res.status).toBe(200);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.get(h)).toBeNull();
    expect(await storedUsage(testDb(), userId, 1)).toStrictEqual([1]);
  });
});

describe("the plan's input limit", () => {
  it('refuses a Free input over 1 MB with 413 naming the plan, before parsing it', async () => {
    const { key } = await accountWithKey('free');
    // Not valid YAML: parsing it would answer 422, so a 413 shows the size was checked first.
    const input = `a: [${'x'.repeat(1_000_000)}`;
    const res = await callConvert(bearer(key), input);
    await expectError(res, 413, { code: 'payload_too_large', message: 'Input is 1,000,004 bytes; the Free plan accepts up to 1,000,000 bytes.' });
  });

  it('accepts exactly 1,000,000 bytes on Free and the same input on Pro', async () => {
    const free = await accountWithKey('free');
    const input = `a: ${'x'.repeat(1_000_000 - 3)}`;
    expect((await callConvert(bearer(free.key), input)).status).toBe(200);
    const pro = await accountWithKey('pro');
    expect((await callConvert(bearer(pro.key), `${input}yy`)).status).toBe(200);
  });
});
