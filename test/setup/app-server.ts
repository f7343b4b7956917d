// Starts the built app the way `npm start` does (scripts/serve.ts) on a free port with the given
// environment, and stops its whole process group. Used by the API tests' global setup, by tests
// that need several instances, and by the browser tests' global setup.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../lib/free-port';

export const root = path.resolve(__dirname, '../..');
export const distDir = process.env.NEXT_DIST_DIR || '.next';

export interface AppServer {
  readonly baseUrl: string;
  readonly logFile: string;
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Added to (and overriding) this process's environment. */
  env: Record<string, string>;
  /** Removed from the environment the app gets. */
  unsetEnv?: string[];
  /** `test-results/<logName>.log` receives the server's output. */
  logName: string;
}

export async function startApp(options: StartAppOptions): Promise<AppServer> {
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`No build found (${distDir} is missing): run \`npm run build\` first.`);
  }
  const logFile = path.join(root, 'test-results', `${options.logName}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const port = await freePort();
  const log = createWriteStream(logFile);
  // detached: the server gets its own process group (setsid), so stop() ends any child it started too.
  const command = ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts'), 'start'];
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...options.env };
  for (const name of options.unsetEnv ?? []) delete env[name];
  const baseUrl = `http://127.0.0.1:${port}`;
  // A server that mails, sells plans (Stripe), or runs on a PostgreSQL server under `npm start`, must be told its
  // public address (lib/config siteUrlProblem): here, the address the tests reach it at, unless the test names another.
  if ((env.DATABASE_URL || env.SMTP_URL || env.STRIPE_SECRET_KEY) && !('NEXTAUTH_URL' in options.env) && !options.unsetEnv?.includes('NEXTAUTH_URL'))
    env.NEXTAUTH_URL = baseUrl;
  const server = spawn(process.execPath, [...command, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  try {
    await waitUntilLive(baseUrl, server, logFile);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return { baseUrl, logFile, stop: () => stopServer(server) };
}

/**
 * How long the server may take to answer its first health check: a safety net, not a speed goal. It
 * usually starts within seconds; a machine whose cores are busy with other jobs can take many times
 * that. (Below vitest's hookTimeout, so that this error, with the server's log, is the one seen.)
 */
export const START_LIMIT_MS = 180_000;

async function waitUntilLive(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with code ${server.exitCode}:\n${tail(readLog(logFile))}`);
    }
    try {
      // Bounded too: a server that accepts the connection and never answers must not outlast the deadline.
      const res = await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer GET /api/health/live within ${START_LIMIT_MS / 1000} s:\n${tail(readLog(logFile))}`);
}

/**
 * How long a stopping server may take to write what it holds in memory (quota counts) and close its
 * database before it is killed: a safety net for a busy machine (a SIGKILL would lose those counts and
 * fail the tests that read them); it usually exits within a second.
 */
export const STOP_LIMIT_MS = 30_000;

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  killGroup(server.pid, 'SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_LIMIT_MS).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') killGroup(server.pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function tail(text: string): string {
  return text.split('\n').slice(-20).join('\n');
}
