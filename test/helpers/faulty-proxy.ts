// A TCP proxy in front of a real server (PostgreSQL, Redis) that a test can break the way a
// network or a restart does, without touching the shared server: `forward` passes bytes both
// ways; `blackhole` keeps every connection open and accepts new ones but never answers (a frozen
// server, a dropped route); `refuse` resets every connection and stops listening (a server that
// is down: connection refused). Started without a target, it is a black hole from the start.
import net from 'node:net';

export type ProxyMode = 'forward' | 'blackhole' | 'refuse';

export interface FaultyProxy {
  readonly port: number;
  readonly url: (scheme: string, path?: string) => string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: { host: string; port: number } | null, mode: ProxyMode = 'forward'): Promise<FaultyProxy> {
  const connections = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  let current = mode;

  const swallow = (client: net.Socket) => {
    client.on('data', () => {});
    client.on('error', () => {});
  };

  const server = net.createServer((client) => {
    const connection = { client, upstream: null as net.Socket | null };
    connections.add(connection);
    client.on('close', () => {
      connections.delete(connection);
      connection.upstream?.destroy();
    });
    if (current !== 'forward' || !target) {
      swallow(client);
      return;
    }
    const upstream = net.connect(target);
    connection.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  if (current === 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    async setMode(next) {
      const previous = current;
      current = next;
      if (next === 'blackhole') {
        // Open connections stay open, and go silent.
        for (const c of connections) {
          c.upstream?.unpipe(c.client);
          c.client.unpipe();
          c.upstream?.removeAllListeners('close');
          c.upstream?.destroy();
          c.upstream = null;
          swallow(c.client);
        }
      }
      if (next === 'refuse') {
        for (const c of connections) c.client.resetAndDestroy();
        if (previous !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (next !== 'refuse' && previous === 'refuse') {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => resolve());
        });
      }
    },
    async close() {
      for (const c of connections) c.client.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
