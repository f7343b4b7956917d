// The machine's PostgreSQL and Redis for integration tests. Under CI=true they must be there (the
// tests fail otherwise); elsewhere the tests skip with one line saying how to enable them.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || defaultPort });
    // Generous: a busy machine must not turn a slow connect into skipped tests.
    socket.setTimeout(10_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when PostgreSQL and Redis answer; throws under CI=true when one does not. */
export async function servicesAvailable(): Promise<boolean> {
  const [postgres, redis] = await Promise.all([reachable(POSTGRES_ADMIN_URL, 5432), reachable(REDIS_URL, 6379)]);
  if (postgres && redis) return true;
  const missing = [!postgres && `PostgreSQL (${POSTGRES_ADMIN_URL})`, !redis && `Redis (${REDIS_URL})`].filter(Boolean).join(' and ');
  if (process.env.CI === 'true') throw new Error(`CI=true but ${missing} is not reachable: these tests must run in CI.`);
  console.warn(`Skipping PostgreSQL/Redis tests: start ${missing} (or set TEST_POSTGRES_URL / TEST_REDIS_URL) to run them.`);
  return false;
}

/** A new empty database on the server; returns its URL and a function that drops it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `yamljson_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
