// vitest globalSetup: starts the built app (`next start`) on a free port for the API tests and stops its whole process group afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/** The test server's input limit: small enough that over-limit bodies are cheap to send. */
export const TEST_MAX_INPUT_BYTES = 10_000_000;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    maxInputBytes: number;
  }
}

const root = path.resolve(__dirname, '../..');
const logFile = path.join(root, 'test-results', 'next-server.log');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    throw new Error('No build found (.next is missing): run `npm run build` first.');
  }
  mkdirSync(path.dirname(logFile), { recursive: true });
  const port = await freePort();
  const log = createWriteStream(logFile);
  // detached: the server gets its own process group (setsid), so teardown can stop next-server too.
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', MAX_INPUT_BYTES: String(TEST_MAX_INPUT_BYTES) },
    },
  );
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilLive(baseUrl, server);
  } catch (err) {
    await stop(server);
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('maxInputBytes', TEST_MAX_INPUT_BYTES);
  return () => stop(server);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilLive(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`next start exited with code ${server.exitCode}:\n${tail(readLog())}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health/live`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`next start did not answer GET /api/health/live within 60 s:\n${tail(readLog())}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  killGroup(server.pid, 'SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') killGroup(server.pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function readLog(): string {
  try {
    return readFileSync(logFile, 'utf8');
  } catch {
    return '';
  }
}

function tail(text: string): string {
  return text.split('\n').slice(-20).join('\n');
}
