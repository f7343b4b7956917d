// Runs the built `yamljson` CLI (packages/cli/bin/yamljson.cjs, which loads the bundle that
// scripts/build-cli.mjs writes: `npm test` builds it first) as a child process, as a user or CI would.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');
export const CLI_BIN = path.join(root, 'packages', 'cli', 'bin', 'yamljson.cjs');
export const CLI_BUNDLE = path.join(root, 'packages', 'cli', 'dist', 'yamljson.cjs');

export function requireBuiltCli(): void {
  if (!existsSync(CLI_BUNDLE)) throw new Error(`${CLI_BUNDLE} is missing: run \`npm run build:cli\` (npm test builds it).`);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  cwd: string;
  /** Written to stdin (otherwise stdin is empty and closed). */
  stdin?: string | Uint8Array;
  /** Added to the environment; YAMLJSON_* of this process are removed first. */
  env?: Record<string, string>;
}

export function runCli(args: readonly string[], options: CliRunOptions): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.YAMLJSON_URL;
  delete env.YAMLJSON_API_KEY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      cwd: options.cwd,
      env: { ...env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** A fresh folder under the worktree's .tmp/ (removed by the caller). */
export function tempDir(label: string): string {
  const base = path.join(root, '.tmp');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, `cli-${label}-`));
}
