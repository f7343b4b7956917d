/** Turns for the pool's workers: round robin between accounts, a cap per account, bounded queues. */
import { describe, expect, it } from 'vitest';
import { FairQueue, type FairQueueLimits, type Turn } from '@/lib/api/fair-queue';

const limits = (overrides: Partial<FairQueueLimits> = {}): FairQueueLimits => ({
  slots: 2,
  maxRunningPerAccount: 1,
  maxQueuedPerAccount: 10,
  maxQueued: 100,
  ...overrides,
});

/** Enters jobs named like `X1` (account X) and records the order in which they start. */
function harness(queue: FairQueue) {
  const order: string[] = [];
  const turns = new Map<string, Turn>();
  const enter = (name: string) => {
    const admission = queue.enter(name.replace(/\d+$/, ''));
    if (!admission.ok) return admission.reason;
    turns.set(name, admission.turn);
    void admission.turn.started.then(() => order.push(name));
    return 'ok';
  };
  const finish = async (name: string) => {
    turns.get(name)!.release();
    await settle();
  };
  return { order, enter, finish };
}

/** Lets the promise callbacks of started turns run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair queue of the conversion pool', () => {
  it("starts another account's job before an account's later jobs (the issue's 378 KB behind two 1 MB)", async () => {
    const q = harness(new FairQueue(limits()));
    for (const job of ['X1', 'X2', 'X3', 'X4']) q.enter(job);
    q.enter('Y1');
    await settle();
    // X may hold one of the two workers; Y takes the other at once.
    expect(q.order).toEqual(['X1', 'Y1']);
    await q.finish('X1');
    await q.finish('Y1');
    await q.finish('X2');
    expect(q.order).toEqual(['X1', 'Y1', 'X2', 'X3']);
  });

  it('gives free workers to the waiting accounts in turn', async () => {
    const q = harness(new FairQueue(limits({ slots: 1 })));
    for (const job of ['X1', 'X2', 'X3', 'Y1', 'Y2', 'Z1']) q.enter(job);
    await settle();
    for (const job of ['X1', 'X2', 'Y1', 'Z1', 'X3', 'Y2']) await q.finish(job);
    expect(q.order).toEqual(['X1', 'X2', 'Y1', 'Z1', 'X3', 'Y2']);
  });

  it('keeps one account within its cap even when workers are idle', async () => {
    const queue = new FairQueue(limits({ slots: 3, maxRunningPerAccount: 2 }));
    const q = harness(queue);
    for (const job of ['X1', 'X2', 'X3']) q.enter(job);
    await settle();
    expect(q.order).toEqual(['X1', 'X2']);
    expect(queue.stats()).toStrictEqual({ running: 2, queued: 1, accounts: 1 });
  });

  it("refuses an account's job beyond its own queue ('account-full'), and anyone's beyond the whole queue ('full')", async () => {
    const queue = new FairQueue(limits({ slots: 1, maxQueuedPerAccount: 2, maxQueued: 3 }));
    const q = harness(queue);
    expect(['X1', 'X2', 'X3', 'X4'].map(q.enter)).toEqual(['ok', 'ok', 'ok', 'account-full']);
    expect(['Y1', 'Z1'].map(q.enter)).toEqual(['ok', 'full']);
    await q.finish('X1');
    // A place was given back: X2 runs, and X may queue one more.
    expect(q.enter('X4')).toBe('ok');
  });

  it('gives up the place of a job that leaves the queue before its turn', async () => {
    const queue = new FairQueue(limits({ slots: 1 }));
    const q = harness(queue);
    for (const job of ['X1', 'Y1', 'Z1']) q.enter(job);
    await q.finish('Y1');
    expect(queue.stats()).toStrictEqual({ running: 1, queued: 1, accounts: 2 });
    await q.finish('X1');
    await q.finish('Z1');
    expect(q.order).toEqual(['X1', 'Z1']);
    expect(queue.stats()).toStrictEqual({ running: 0, queued: 0, accounts: 0 });
  });
});
