// The quota's exactness check: N concurrent calls on one key, spread round-robin over one or more
// app instances, must give exactly `limit` successes and the rest 429, with consistent headers.
import { expect } from 'vitest';

export async function expectExactQuota(baseUrls: string[], key: string, { calls, limit }: { calls: number; limit: number }): Promise<void> {
  const responses = await Promise.all(
    Array.from({ length: calls }, (_, i) =>
      fetch(`${baseUrls[i % baseUrls.length]}/api/validate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: `n: ${i}`, type: 'yaml' }),
      }).then(async (res) => ({
        status: res.status,
        remaining: Number(res.headers.get('x-ratelimit-remaining')),
        limit: res.headers.get('x-ratelimit-limit'),
        retryAfter: res.headers.get('retry-after'),
        body: (await res.json()) as { success: boolean; error?: { code: string } },
      })),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect({ ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length }).toStrictEqual({
    ok: limit,
    limited: calls - limit,
  });
  for (const r of responses) expect(r.limit).toBe(String(limit));
  // Each success saw a different count: remaining takes every value from limit-1 down to 0 once.
  const remaining = responses
    .filter((r) => r.status === 200)
    .map((r) => r.remaining)
    .sort((a, b) => a - b);
  expect(remaining).toStrictEqual(Array.from({ length: limit }, (_, i) => i));
  for (const r of responses.filter((x) => x.status === 429)) {
    expect(r.remaining).toBe(0);
    expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(r.body.error?.code).toBe('rate_limited');
  }
}
