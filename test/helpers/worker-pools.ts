// The conversion pool's worker bundled for one test file (in build/, gitignored, not the system temp
// dir: the worker requires piscina from node_modules), and pools on it, each closed after its test.
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ConversionPool, type PoolHooks, runLimits, type RunLimits } from '@/lib/api/run-converter';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildWorker } from '@/scripts/build-worker.mjs';

export interface WorkerPools {
  /** The file's limits: the machine's, `defaults` over them, the bundled worker. */
  readonly limits: RunLimits;
  /** A pool with the file's limits and `overrides`, closed after the test. */
  pool(overrides?: Partial<RunLimits>, hooks?: PoolHooks): ConversionPool;
}

/** Call at a test file's top level: `name` tells the files' workers apart. */
export function workerPools(name: string, defaults: Partial<RunLimits>): WorkerPools {
  const workerFile = path.join(__dirname, '../../build', `pool-worker.${name}-${process.pid}.cjs`);
  const open: ConversionPool[] = [];
  let limits: RunLimits | undefined;
  beforeAll(async () => {
    await buildWorker(workerFile);
    limits = runLimits({ cores: availableParallelism(), workerFile }, defaults);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((pool) => pool.close()));
  });
  afterAll(() => rmSync(workerFile, { force: true }));
  const ready = () => {
    if (!limits) throw new Error('workerPools: the worker is built in beforeAll; use the pools inside tests');
    return limits;
  };
  return {
    get limits() {
      return ready();
    },
    pool(overrides = {}, hooks = {}) {
      const pool = new ConversionPool({ ...ready(), ...overrides }, hooks);
      open.push(pool);
      return pool;
    },
  };
}
