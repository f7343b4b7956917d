// The servers of the load tests: the built app as `npm start` runs it (embedded defaults), the bare
// baseline server, an API key for the app, and the CPU time of a server's whole process group.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
const LOG_DIR = path.join(ROOT, 'test-results');

export interface RunningServer {
  name: string;
  /** The app's embedded database folder (apps only). */
  dataDir?: string;
  baseUrl: string;
  /** The process group (setsid) holding the server and its children. */
  pgid: number;
  stop(): Promise<void>;
}

/** Separate from the development database, so that load-test accounts stay out of it. */
export const LOAD_DATA_DIR = process.env.YAMLJSON_DATA_DIR || path.join(ROOT, '.data', 'load-test');

/**
 * No limit of requests per connection unless one is asked for: past the server's 1,000 (HTTP_MAX_REQUESTS_PER_SOCKET)
 * Node answers `Connection: close`, autocannon sends the next request on the closing socket anyway and counts the 503
 * it gets, so a 10-second round of 10 connections measured about 1,000 requests and half a million refusals.
 */
function serverEnv(dataDir = LOAD_DATA_DIR, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    HTTP_MAX_REQUESTS_PER_SOCKET: '0',
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    YAMLJSON_DATA_DIR: dataDir,
    ...extra,
  };
}

export interface AppOptions {
  /** false: the public API through Next.js's route files (YAMLJSON_API_FRONT=off), for comparison. */
  front?: boolean;
  /** The embedded database's folder (one server per folder). */
  dataDir?: string;
}

/** The built app (`npm run build` first; NEXT_DIST_DIR is honoured), started the way `npm start` does. */
export async function startApp(port: number, options: AppOptions = {}): Promise<RunningServer> {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const args = ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts'), 'start', '-p', String(port), '-H', '127.0.0.1'];
  const dataDir = options.dataDir ?? LOAD_DATA_DIR;
  const env = serverEnv(dataDir, options.front === false ? { YAMLJSON_API_FRONT: 'off' } : {});
  const name = options.front === false ? 'app-next-routes' : 'app';
  return { ...(await startServer(name, args, `http://127.0.0.1:${port}`, '/api/health/live', env)), dataDir };
}

/** bench/load-bare-server.ts: node:http + convert, nothing else. */
export function startBareServer(port: number): Promise<RunningServer> {
  const args = ['--import', 'tsx', path.join(ROOT, 'bench', 'load-bare-server.ts'), String(port)];
  return startServer('bare', args, `http://127.0.0.1:${port}`, null);
}

async function startServer(name: string, args: string[], baseUrl: string, livePath: string | null, env = serverEnv()): Promise<RunningServer> {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `load-${name}.log`));
  // detached: a process group of its own (setsid), so stop() ends its children too.
  const child = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const server: RunningServer = { name, baseUrl, pgid: child.pid!, stop: () => stopGroup(child) };
  try {
    await waitUntilAnswering(baseUrl, livePath, child);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function waitUntilAnswering(baseUrl: string, livePath: string | null, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} (see test-results/)`);
    try {
      const res = await fetch(
        `${baseUrl}${livePath ?? '/'}`,
        livePath ? {} : { method: 'POST', body: '{"input":"a: 1","inputType":"yaml","outputType":"json"}' },
      );
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl} did not answer within 90 s`);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 8_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') kill('SIGKILL');
  // The group's other members, if any, get the same signal.
  await new Promise((resolve) => setTimeout(resolve, 300));
  kill('SIGKILL');
}

export interface ApiKey {
  /** `Authorization` header value, or null when the app needs no key (before accounts landed). */
  authorization: string | null;
  /** Where the key came from, for the report. */
  source: string;
}

/**
 * YJ_API_KEY, else a new Enterprise key from `npm run admin -- create-key` (Enterprise: no hourly
 * quota, 100 MB inputs), else none if the app does not ask for one.
 */
export async function apiKeyFor(app: RunningServer): Promise<ApiKey> {
  const probe = await fetch(`${app.baseUrl}/api/convert`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"input":"a: 1","inputType":"yaml","outputType":"json"}',
  });
  await probe.arrayBuffer();
  if (process.env.YJ_API_KEY) return { authorization: `Bearer ${process.env.YJ_API_KEY}`, source: 'YJ_API_KEY' };
  if (probe.status !== 401) return { authorization: null, source: `none (the app answered ${probe.status} without a key)` };
  const admin = path.join(ROOT, 'scripts', 'admin.ts');
  if (!existsSync(admin)) throw new Error('The app asks for a key: set YJ_API_KEY (an Enterprise key).');
  const email = 'load-test@yamljson.test';
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', admin, 'create-key', '--email', email, '--plan', 'enterprise', '--name', 'load test'],
    {
      cwd: ROOT,
      env: serverEnv(app.dataDir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const key = out.trim().split('\n').pop()!.trim();
  return { authorization: `Bearer ${key}`, source: `a new Enterprise key (npm run admin -- create-key --email ${email} --plan enterprise)` };
}

/** A new key of the account `email` (made if needed) on `plan`, through `npm run admin -- create-key`. */
export function createKey(app: RunningServer, email: string, plan: 'free' | 'pro' | 'enterprise'): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', 'admin.ts'), 'create-key', '--email', email, '--plan', plan, '--name', 'load test'],
    {
      cwd: ROOT,
      env: serverEnv(app.dataDir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return out.trim().split('\n').pop()!.trim();
}

/** CPU seconds (user + system) used so far by every process of a group: the server and its worker threads. */
export function groupCpuSeconds(pgid: number): number {
  const ticksPerSecond = 100;
  return groupStats(pgid).reduce((sum, p) => sum + p.ticks, 0) / ticksPerSecond;
}

/** Resident memory of every process of a group, MB. */
export function groupRssMb(pgid: number): number {
  const pageMb = 4096 / 1024 / 1024;
  return groupStats(pgid).reduce((sum, p) => sum + p.rssPages * pageMb, 0);
}

/** The pid of the server process (scripts/serve.ts: its main thread runs the event loop): the group's leader. */
export function serverPid(pgid: number): number {
  return pgid;
}

/** Milliseconds a thread has run on a CPU and waited in a run queue for one, so far (Linux schedstat). */
export function threadSchedMs(pid: number, tid = pid): { run: number; wait: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: run! / 1e6, wait: wait! / 1e6 };
  } catch {
    return null;
  }
}

function groupStats(pgid: number): Array<{ ticks: number; rssPages: number }> {
  const out: Array<{ ticks: number; rssPages: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state(3) ppid pgrp ... utime(14) stime(15) ... rss(24).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    out.push({ ticks: Number(fields[11]) + Number(fields[12]), rssPages: Number(fields[21]) });
  }
  return out;
}
