// Two `npm start` on one embedded database folder, launched at the same instant, both used to be
// served, and one side's acknowledged data vanished. Now exactly one serves; the other exits non-zero
// at once with one line naming the lock file and the owner's pid; the lock goes with a clean stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '@/lib/db/data-lock';
import { freePort } from '@/lib/free-port';
import { distDir, root } from '../setup/app-server';

/** Pairs of real servers raced (each pair takes a few seconds); the lock itself is raced 20 times in test/unit/data-lock.test.ts. */
const TRIALS = Number(process.env.YAMLJSON_OWNER_TRIALS || 3);

interface Started {
  child: ChildProcess;
  output: () => string;
  /** 'serving' once /api/health/live answers, or the exit code. */
  outcome: Promise<'serving' | number>;
  port: number;
}

function startServer(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', YAMLJSON_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const serving = (async () => {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok) return 'serving' as const;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return new Promise<never>(() => {}); // exited (the other promise wins) or never served
  })();
  return { child, output: () => output, outcome: Promise.race([serving, exited]), port };
}

async function stop(server: Started): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  try {
    process.kill(-server.child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

let dataRoot: string;
beforeAll(() => {
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) throw new Error('No build found: run `npm run build` first.');
  dataRoot = mkdtempSync(path.join(os.tmpdir(), 'yamljson-owner-'));
});
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

describe('one owner of the embedded database', () => {
  it(`two servers started at the same instant on one folder: exactly one serves (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const dataDir = path.join(dataRoot, `trial-${trial}`, 'pglite');
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) => startServer(dataDir, port));
      try {
        const outcomes = await Promise.all(servers.map((s) => s.outcome));
        const log = servers.map((s, i) => `server ${i} (${outcomes[i]}):\n${s.output()}`).join('\n');
        expect(
          outcomes.filter((o) => o === 'serving'),
          log,
        ).toHaveLength(1);
        const winner = servers[outcomes.indexOf('serving')]!;
        const loser = servers[outcomes.findIndex((o) => o !== 'serving')]!;
        expect(
          outcomes.find((o) => o !== 'serving'),
          log,
        ).not.toBe(0);
        const lines = loser.output().trim().split('\n');
        expect(lines.at(-1), log).toBe(
          `[yamljson] could not start: the embedded database ${dataDir} is locked by process ${winner.child.pid} (lock file ${lockFileOf(dataDir)}); ` +
            'stop that process, or give this one its own YAMLJSON_DATA_DIR (several servers on one database need PostgreSQL: DATABASE_URL)',
        );
        expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(winner.child.pid);
        // The loser's port never opened.
        await expect(fetch(`http://127.0.0.1:${loser.port}/api/health/live`)).rejects.toThrow();
        await stop(winner);
        expect(winner.child.exitCode).toBe(0);
        expect(existsSync(lockFileOf(dataDir))).toBe(false);
      } finally {
        await Promise.all(servers.map(stop));
      }
    }
  }, 600_000);

  it('a server killed outright leaves a stale lock that the next start takes over', async () => {
    const dataDir = path.join(dataRoot, 'killed', 'pglite');
    const first = startServer(dataDir, await freePort());
    try {
      expect(await first.outcome, first.output()).toBe('serving');
      process.kill(-first.child.pid!, 'SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(existsSync(lockFileOf(dataDir))).toBe(true);
    } finally {
      await stop(first);
    }
    const second = startServer(dataDir, await freePort());
    try {
      expect(await second.outcome, second.output()).toBe('serving');
      expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(second.child.pid);
    } finally {
      await stop(second);
    }
  }, 300_000);
});
