// The progress bar: drawn on a terminal for many or large files, never on a pipe; messages pass
// below it without being cut. In-process (Progress, the glob matcher) and through a real pseudo-terminal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globToRegExp } from '@/packages/cli/src/inputs';
import { PROGRESS_MIN_BYTES, PROGRESS_MIN_FILES, Progress } from '@/packages/cli/src/progress';
import { CLI_BIN, requireBuiltCli, runCli, tempDir } from './run-cli';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 60, write: (t: string) => writes.push(t) }, writes };
}

describe('Progress', () => {
  it('draws on a TTY for many files, throttled, and clears itself before each message and at the end', () => {
    let t = 0;
    const { stream, writes } = fakeStream(true);
    const p = new Progress(stream, PROGRESS_MIN_FILES, 1_000_000, true, () => t);
    expect(p.enabled).toBe(true);
    p.tick(100_000);
    expect(writes).toStrictEqual(['\r\x1b[K[##..................] 1/10 files, 0.1/1.0 MB']);
    t += 10;
    p.tick(100_000); // within 100 ms of the last draw: not drawn
    expect(writes.length).toBe(1);
    p.log('a.yaml:1:1: error: x');
    expect(writes.slice(1)).toStrictEqual(['\r\x1b[K', 'a.yaml:1:1: error: x\n', '\r\x1b[K[####................] 2/10 files, 0.2/1.0 MB']);
    for (let i = 0; i < 8; i++) p.tick(100_000); // the last file is always drawn
    expect(writes.at(-1)).toBe('\r\x1b[K[####################] 10/10 files, 1.0/1.0 MB');
    p.finish();
    expect(writes.at(-1)).toBe('\r\x1b[K');
  });

  it('stays off on a pipe, for few small files, or when not wanted; messages are plain lines', () => {
    for (const [tty, files, bytes, wanted] of [
      [false, 100, 1e9, true],
      [true, PROGRESS_MIN_FILES - 1, PROGRESS_MIN_BYTES - 1, true],
      [true, 100, 1e9, false],
    ] as const) {
      const { stream, writes } = fakeStream(tty);
      const p = new Progress(stream, files, bytes, wanted);
      expect(p.enabled).toBe(false);
      p.tick(10);
      p.log('line');
      p.finish();
      expect(writes).toStrictEqual(['line\n']);
    }
    // One large file is enough.
    expect(new Progress(fakeStream(true).stream, 1, PROGRESS_MIN_BYTES, true).enabled).toBe(true);
  });
});

describe('globToRegExp', () => {
  const cases: Array<[string, string[], string[]]> = [
    ['*.yaml', ['a.yaml', '.yaml'], ['a.yml', 'd/a.yaml']],
    ['**/*.y?ml', ['a.yaml', 'x/y/a.yaml'], ['a.yml', 'a.ymmml']],
    ['{a,b}/*.json', ['a/1.json', 'b/2.json'], ['c/1.json', 'a/b/1.json']],
    ['[ab]*.json', ['a.json', 'bx.json'], ['c.json']],
    ['[!ab]*.json', ['c.json'], ['a.json']],
    ['a.b(c)+.yaml', ['a.b(c)+.yaml'], ['aXb(c)+.yaml']],
  ];
  for (const [glob, yes, no] of cases) {
    it(glob, () => {
      const re = globToRegExp(glob);
      for (const p of yes) expect(re.test(p), p).toBe(true);
      for (const p of no) expect(re.test(p), p).toBe(false);
    });
  }
});

describe('the built CLI on a terminal and on a pipe', () => {
  let dir: string;
  beforeAll(() => {
    requireBuiltCli();
    dir = tempDir('progress');
    mkdirSync(path.join(dir, 'many'));
    for (let i = 0; i < 12; i++) writeFileSync(path.join(dir, 'many', `f${String(i).padStart(2, '0')}.yaml`), `n: ${i}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a pseudo-terminal (script(1)) shows the bar on stderr, ending at 12/12', () => {
    if (!existsSync('/usr/bin/script')) {
      if (process.env.CI === 'true') throw new Error('CI=true but script(1) (util-linux) is missing: this test must run in CI.');
      return;
    }
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_BIN)} convert many --out-dir out`;
    const r = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\r\x1b\[K\[#+\] 12\/12 files, 0\.0\/0\.0 MB/);
    expect(r.stdout).toContain('yamljson: wrote 12 files.');
  });

  it('a pipe gets plain lines only', async () => {
    const r = await runCli(['convert', 'many', '--out-dir', 'out2'], { cwd: dir });
    expect(r).toStrictEqual({ code: 0, stdout: '', stderr: 'yamljson: wrote 12 files.\n' });
  });
});
