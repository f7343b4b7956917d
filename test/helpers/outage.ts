// Requests made while a dependency is broken: each must be answered (a hang fails the test after
// a generous safety limit, never passes it), and how long the answer took is printed for the
// outage timings; an `unavailable` answer has the contract's body, Retry-After, and names the
// dependency.
import { expect } from 'vitest';
import type { Dependency } from '@/lib/dependencies';

/** Far above any deadline: only a hang reaches it. */
export const SAFETY_MS = 15_000;

export interface Answer {
  res: Response;
  /** Milliseconds until the status line arrived. */
  ms: number;
}

export async function timedFetch(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(SAFETY_MS) });
    return { res, ms: Date.now() - started };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new Error(`${init.method ?? 'GET'} ${url}: no answer within ${SAFETY_MS} ms (a hang)`);
    throw err;
  }
}

/** Prints one outage timing line (`[outage] <what>: <status> after <ms> ms`). */
export function report(what: string, answer: Answer): void {
  console.log(`[outage] ${what}: ${answer.res.status} after ${answer.ms} ms`);
}

/** What a 503 `unavailable` for a dependency is: status, Retry-After and body. */
export function unavailableAnswer(dependency: Dependency) {
  return {
    status: 503,
    retryAfter: '5',
    body: {
      success: false,
      error: {
        code: 'unavailable',
        message: expect.stringMatching(dependency === 'database' ? /^The database is not answering/ : /^Redis \(the quota store\) is not answering/),
        requestId: expect.stringMatching(/^req_/),
        dependencies: [dependency],
      },
    },
  };
}

export async function expectUnavailable(answer: Answer, dependency: Dependency): Promise<void> {
  const body = await answer.res.json();
  expect({ status: answer.res.status, retryAfter: answer.res.headers.get('retry-after'), body }).toStrictEqual(unavailableAnswer(dependency));
}

/** Repeats `call` until it answers `status` (the service recovered by itself); returns how long that took. */
export async function recovers(call: () => Promise<Answer>, status = 200): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { res } = await call();
    await res.arrayBuffer();
    if (res.status === status) return Date.now() - started;
    if (Date.now() - started > SAFETY_MS) throw new Error(`still ${res.status} after ${SAFETY_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
