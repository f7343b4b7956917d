/**
 * The request thread's own CPU time, which tells a job that worked on it from one that waited while
 * the machine ran something else (lib/api/run-converter.ts). CPU time is asserted, never wall time:
 * a wait costs none however long it lasts, and another thread's work none of this thread's.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from '@/lib/api/thread-cpu';

/** A thread that works until its own schedstat says it ran `ms` on a CPU, then says so. */
const SPINNER = `
const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const start = cpu();
let x = 0;
while (cpu() - start < workerData) for (let i = 0; i < 1e6; i++) x += i % 7;
parentPort.postMessage(cpu() - start);
`;

describe('threadCpuMs', () => {
  it("counts this thread's work", () => {
    const before = threadCpuMs();
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    expect(threadCpuMs()).toBeGreaterThan(before);
  });

  it('does not count a wait, however long', async () => {
    const before = threadCpuMs();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(threadCpuMs() - before).toBeLessThan(100);
  });

  it.runIf(existsSync('/proc/thread-self/schedstat'))("does not count another thread's work (the conversion workers')", async () => {
    const before = threadCpuMs();
    const worker = new Worker(SPINNER, { eval: true, workerData: 400 });
    const workerMs = await new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(workerMs).toBeGreaterThanOrEqual(400);
    expect(threadCpuMs() - before).toBeLessThan(100);
  });
});
