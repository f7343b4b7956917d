// Playwright global setup: starts the built app (`next start`, dist dir NEXT_DIST_DIR or .next) on a free
// port with a fresh embedded database, and returns the teardown that stops its whole process group.
// With E2E_BASE_URL set, tests run against that server instead and nothing is started.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const logFile = path.join(root, 'test-results', 'e2e-server.log');

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`No build found (${distDir}/BUILD_ID is missing): run \`npm run build\` first.`);
  }
  if (!existsSync(path.join(root, 'public', 'workers', 'convert.worker.js'))) {
    throw new Error('public/workers/convert.worker.js is missing: run `node scripts/build-web-workers.mjs` (part of `npm run build`).');
  }
  mkdirSync(path.dirname(logFile), { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-e2e-'));
  const port = await freePort();
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    YAMLJSON_DATA_DIR: path.join(dataDir, 'pglite'),
  };
  // The browser tests own their accounts: a database of their own, never the developer's.
  delete env.DATABASE_URL;
  // `npm start`'s launcher (embedded database + migrations + next start) when accounts exist, else next itself.
  const serve = path.join(root, 'scripts', 'serve.ts');
  const command = existsSync(serve)
    ? ['--import', 'tsx', serve, 'start']
    : [path.join(root, 'node_modules/next/dist/bin/next'), 'start'];
  const server = spawn(process.execPath, [...command, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilLive(baseUrl, server);
  } catch (err) {
    await stop(server);
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;
  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
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
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}:\n${tail()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`next start did not answer GET /api/health/live within 60 s:\n${tail()}`);
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

function tail(): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}
