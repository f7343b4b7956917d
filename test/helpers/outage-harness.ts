// What the outage tests share (like unkey's RouteHarness): a fresh migrated database on the machine's
// PostgreSQL, a faulty proxy (faulty-proxy.ts) in front of one dependency, the database or Redis, and
// the built app started on them (one instance or more), all stopped in the right order by stop().
import type { Db } from '@/lib/db/client';
import { startApp, type AppServer } from '../setup/app-server';
import { startFaultyProxy, type FaultyProxy } from './faulty-proxy';
import { migratedPostgresDatabase, type TemporaryDatabase } from './fixtures';

export interface OutageHarnessOptions {
  /** The dependency the proxy stands in front of: the app reaches it only through the proxy. */
  proxied: 'database' | 'redis';
  /** The app's Redis (`redis://host:port`): the proxy's target when `proxied` is 'redis'; none when absent. */
  redisUrl?: string;
  /** The server log's name (test-results/<logName>.log); with several instances, `<logName>-<n>`. */
  logName: string;
  /** More of the app's environment (METRICS_TOKEN, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** App instances on the same database and Redis (1). */
  instances?: number;
}

export interface OutageHarness {
  readonly database: TemporaryDatabase;
  /** A client of the database that does not go through the proxy (the test's own reads and writes). */
  readonly db: Db;
  readonly proxy: FaultyProxy;
  /** The first instance. */
  readonly app: AppServer;
  readonly apps: readonly AppServer[];
  /** Stops the apps, then the proxy, then removes the database. */
  stop(): Promise<void>;
}

export async function startOutageHarness(options: OutageHarnessOptions): Promise<OutageHarness> {
  const database = await migratedPostgresDatabase();
  const started: { proxy?: FaultyProxy; apps: AppServer[] } = { apps: [] };
  const stop = async () => {
    await Promise.all(started.apps.map((app) => app.stop()));
    await started.proxy?.close();
    await database.stop();
  };
  try {
    const databaseUrl = new URL(database.url);
    const redisUrl = options.redisUrl === undefined ? undefined : new URL(options.redisUrl);
    const target = options.proxied === 'database' ? databaseUrl : redisUrl;
    if (!target) throw new Error('startOutageHarness: a Redis behind the proxy needs redisUrl');
    const proxy = await startFaultyProxy({ host: target.hostname, port: Number(target.port) || (options.proxied === 'database' ? 5432 : 6379) });
    started.proxy = proxy;
    const env: Record<string, string> = {
      DATABASE_URL: options.proxied === 'database' ? `postgresql://postgres@127.0.0.1:${proxy.port}${databaseUrl.pathname}` : database.url,
      ...(redisUrl ? { REDIS_URL: options.proxied === 'redis' ? proxy.url('redis') : redisUrl.toString() } : {}),
      ...options.env,
    };
    const count = options.instances ?? 1;
    const starts = await Promise.allSettled(
      Array.from({ length: count }, (_, i) => startApp({ logName: count === 1 ? options.logName : `${options.logName}-${i + 1}`, env })),
    );
    started.apps = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = starts.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const apps = started.apps;
    return { database, db: database.db, proxy, app: apps[0]!, apps, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
