// A redis-server of the test's own on a free port, without persistence, that the test may pause
// and restart (a restart loses every key, as a Redis without persistence does) without touching
// the machine's shared Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '@/lib/free-port';

export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (its keys are gone) and starts a new one on the same port. */
  restart(): Promise<void>;
  /** Kills the server (like a crash). */
  kill(): Promise<void>;
  /** Starts it again after kill(), on the same port, empty. */
  start(): Promise<void>;
  /** A client of the test's own (closed by stop). */
  client(): Redis;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const clients: Redis[] = [];

  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (err) {
          if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start: ${String(err)}`);
          probe.disconnect();
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  };

  const stopServer = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    url,
    async restart() {
      await stopServer();
      await start();
    },
    kill: stopServer,
    start,
    client() {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      client.on('error', () => {});
      clients.push(client);
      return client;
    },
    async stop() {
      for (const c of clients) c.disconnect();
      await stopServer();
    },
  };
}
