// An account's UsageHour counts once they add up to `total` (or when `timeoutMs` has passed):
// the embedded server and the Redis store write counts behind the calls (every 1 s and 2 s).
import type { Db } from '@/lib/db/client';

export async function storedUsage(db: Db, userId: string, total: number, timeoutMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = (await db.usageHour.findMany({ where: { userId } })).map((u) => u.count);
    if (counts.reduce((a, b) => a + b, 0) >= total || Date.now() > deadline) return counts;
    await new Promise((r) => setTimeout(r, 100));
  }
}
