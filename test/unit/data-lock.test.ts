// The embedded database's owner lock (lib/db/data-lock.ts): processes racing for one folder, at the
// same instant, end with exactly one owner; a lock left by a dead process (or a reused pid) is
// taken over; a live owner is named in the refusal.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileOf, processStartTime } from '@/lib/db/data-lock';

const root = path.resolve(__dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-lock-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class Contender {
  readonly child: ChildProcessWithoutNullStreams;
  readonly #lines: string[] = [];
  #waiting: ((line: string) => void) | null = null;
  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/helpers/lock-contender.ts')], { cwd: root });
    let stderr = '';
    this.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    this.child.once('exit', (code, signal) => this.#waiting?.(`exited ${code ?? signal}: ${stderr}`));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (this.#waiting) {
        const w = this.#waiting;
        this.#waiting = null;
        w(line);
      } else this.#lines.push(line);
    });
  }
  next(): Promise<string> {
    const line = this.#lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => (this.#waiting = resolve));
  }
  async ask(command: string): Promise<string> {
    this.child.stdin.write(`${command}\n`);
    return this.next();
  }
  stop(): void {
    this.child.kill();
  }
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock', () => {
  it('lets exactly one of two processes starting at the same instant own the folder, 20 times out of 20', async () => {
    const contenders = [new Contender(), new Contender()];
    try {
      for (const c of contenders) expect(await c.next()).toBe('ready');
      for (let round = 0; round < 20; round++) {
        const folder = path.join(dir, `race-${round}`);
        // Half the rounds start from a stale lock (a dead owner): both find it stale and race to replace it.
        if (round % 2 === 1) writeFileSync(lockFileOf(folder), JSON.stringify({ pid: await deadPid(), start: 1 }));
        const answers = await Promise.all(contenders.map((c) => c.ask(`lock ${folder}`)));
        expect(
          answers.filter((a) => a === 'won'),
          answers.join(' | '),
        ).toHaveLength(1);
        const loser = answers.find((a) => a !== 'won')!;
        const winner = contenders[answers.indexOf('won')]!;
        expect(loser).toContain(`locked by process ${winner.child.pid} (lock file ${lockFileOf(folder)})`);
        expect(JSON.parse(readFileSync(lockFileOf(folder), 'utf8')).pid).toBe(winner.child.pid);
        expect(await winner.ask('release')).toBe('released');
        expect(existsSync(lockFileOf(folder))).toBe(false);
      }
    } finally {
      for (const c of contenders) c.stop();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const folder = path.join(dir, 'dead-owner');
    writeFileSync(lockFileOf(folder), JSON.stringify({ pid: await deadPid(), start: 12345 }));
    const lock = lockDataDir(folder);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, start: processStartTime(process.pid) });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (its start time differs)', () => {
    const folder = path.join(dir, 'reused-pid');
    const start = processStartTime(process.pid);
    expect(start).not.toBeNull();
    writeFileSync(lockFileOf(folder), JSON.stringify({ pid: process.pid, start: start! - 1 }));
    const lock = lockDataDir(folder);
    lock.release();
  });

  it('takes over an unreadable lock once it is too old to be one being written', () => {
    const folder = path.join(dir, 'garbage');
    writeFileSync(lockFileOf(folder), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(lockFileOf(folder), past, past);
    lockDataDir(folder).release();
  });

  it('refuses while the owner lives, naming its pid and the lock file', async () => {
    const folder = path.join(dir, 'live-owner');
    const owner = new Contender();
    try {
      expect(await owner.next()).toBe('ready');
      expect(await owner.ask(`lock ${folder}`)).toBe('won');
      let error: unknown;
      try {
        lockDataDir(folder);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`is locked by process ${owner.child.pid} (lock file ${lockFileOf(folder)})`);
      expect((error as Error).message).not.toContain('\n');
      // The owner goes away without releasing: the lock is stale and taken.
      owner.child.kill('SIGKILL');
      await new Promise((resolve) => owner.child.once('exit', resolve));
      lockDataDir(folder).release();
    } finally {
      owner.stop();
    }
  });
});
