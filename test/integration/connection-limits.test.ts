// The connection limits through the real server (scripts/serve.ts): a client that sends half a header is closed
// after HTTP_HEADERS_TIMEOUT_MS; beyond HTTP_MAX_CONNECTIONS new connections are closed while the open
// ones keep working; slow large uploads beyond the account's share answer 429 and beyond the server's
// 503; a path that does not percent-decode is a 400 with the contract's error body, not a 500.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';

const MAX_CONNECTIONS = 24;
let server: EmbeddedApp;
let port: number;
const keys: string[] = [];

beforeAll(async () => {
  server = await startEmbeddedApp({
    logName: 'connection-limits',
    email: 'limits-a@example.test',
    plan: 'pro',
    env: {
      HTTP_HEADERS_TIMEOUT_MS: '3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      MAX_LARGE_BODIES_PER_ACCOUNT: '1',
      MAX_LARGE_BODIES: '2',
    },
  });
  port = Number(new URL(server.app.baseUrl).port);
  keys.push(server.key);
  for (const name of ['b', 'c']) {
    keys.push((await server.createAccountWithKey({ email: `limits-${name}@example.test`, plan: 'pro', keyName: name })).key);
  }
});
afterAll(async () => server?.stop());

/** A raw connection: what it received, and whether and when the server closed it. */
class Raw {
  readonly socket: net.Socket;
  received = '';
  closed = false;
  readonly #waiters = new Set<() => void>();
  constructor() {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.on('data', (d: Buffer) => {
      this.received += d.toString('latin1');
      this.#notify();
    });
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.#notify();
    });
  }
  #notify() {
    for (const w of this.#waiters) w();
  }
  /** Resolves when `done()` holds, or rejects after a generous `ms` (a hang, not a speed goal). */
  until(done: () => boolean, ms = 20_000): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`still waiting after ${ms} ms; received ${JSON.stringify(this.received.slice(0, 200))}, closed: ${this.closed}`));
      }, ms);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }
  /** Number of complete responses received (each has a Content-Length here). */
  responses(): Array<{ status: number; headers: string; body: string }> {
    const out = [];
    let rest = this.received;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end === -1) break;
      const head = rest.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (rest.length < end + 4 + length) break;
      out.push({ status: Number(head.slice(9, 12)), headers: head, body: rest.slice(end + 4, end + 4 + length) });
      rest = rest.slice(end + 4 + length);
    }
    return out;
  }
  write(text: string) {
    this.socket.write(text);
  }
  destroy() {
    this.socket.destroy();
  }
}

const live = 'GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n';

describe('connections', () => {
  it('closes a connection that sends half a header once the headers timeout passes', async () => {
    const raw = new Raw();
    raw.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await raw.until(() => raw.closed);
    expect(raw.received).toMatch(/^HTTP\/1\.1 408 /);
    // A connection that sends nothing at all is closed the same way.
    const silent = new Raw();
    await silent.until(() => silent.closed);
  });

  it(`beyond ${MAX_CONNECTIONS} connections closes new ones while the open ones keep working`, async () => {
    const held: Raw[] = [];
    let refused: Raw | undefined;
    try {
      for (let i = 0; i < MAX_CONNECTIONS + 5 && !refused; i++) {
        const raw = new Raw();
        raw.write(live);
        await raw.until(() => raw.closed || raw.responses().length === 1);
        if (raw.responses().length === 1) held.push(raw);
        else refused = raw;
      }
      expect(refused, `${held.length} connections were all accepted`).toBeDefined();
      expect(refused!.received).toBe('');
      // The test's own earlier connections may still count: at most the cap were accepted.
      expect(held.length).toBeLessThanOrEqual(MAX_CONNECTIONS);
      expect(held.length).toBeGreaterThanOrEqual(MAX_CONNECTIONS - 4);
      // Every open connection still answers.
      for (const raw of held) raw.write(live);
      for (const raw of held) await raw.until(() => raw.responses().length === 2);
      expect(held.every((raw) => raw.responses()[1]!.status === 200 && !raw.closed)).toBe(true);
      // Once some go, new connections are accepted again.
      for (const raw of held.splice(0, 3)) {
        raw.destroy();
        await raw.until(() => raw.closed);
      }
      // (The server sees them close a moment later: try a few times.)
      let accepted = false;
      for (let attempt = 0; attempt < 100 && !accepted; attempt++) {
        const again = new Raw();
        held.push(again);
        again.write(live);
        await again.until(() => again.closed || again.responses().length === 1);
        accepted = again.responses()[0]?.status === 200;
        if (!accepted) await new Promise((r) => setTimeout(r, 100));
      }
      expect(accepted).toBe(true);
    } finally {
      for (const raw of held) raw.destroy();
      refused?.destroy();
    }
  });
});

describe('connections that never send a request', () => {
  it('make room for a new client when they fill the cap: the oldest of them is closed', async () => {
    const silent: Raw[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS + 6; i++) {
        const raw = new Raw();
        silent.push(raw);
        await new Promise<void>((resolve) => raw.socket.once('connect', () => resolve()).once('close', () => resolve()));
      }
      const client = new Raw();
      silent.push(client);
      client.write(live);
      await client.until(() => client.closed || client.responses().length === 1);
      expect(client.responses()[0]?.status).toBe(200);
      // Well before the 3 s headers timeout, the first ones were closed to make that room.
      await new Promise((r) => setTimeout(r, 100));
      const evicted = silent.slice(0, 7).filter((raw) => raw.closed);
      expect(evicted.length).toBeGreaterThan(0);
      expect(evicted.every((raw) => raw.received === '')).toBe(true);
    } finally {
      for (const raw of silent) raw.destroy();
    }
  });
});

describe('large bodies at once', () => {
  const slowUpload = (key: string) => {
    const raw = new Raw();
    raw.write(
      'POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${key}\r\nContent-Length: 5000000\r\n\r\n{"type": "yaml", "input": "`,
    );
    return raw;
  };

  /** Of two uploads sent together, the one answered (the other holds its place and is still being received). */
  async function oneAnswered(pair: Raw[]): Promise<{ status: number; headers: string; body: string }> {
    await Promise.race(pair.map((raw) => raw.until(() => raw.responses().length === 1)));
    await new Promise((r) => setTimeout(r, 200));
    const answered = pair.filter((raw) => raw.responses().length > 0);
    expect(answered).toHaveLength(1);
    return answered[0]!.responses()[0]!;
  }

  it('answers 429 past the account share and 503 past the server total, with Retry-After and the error body', async () => {
    const uploads: Raw[] = [];
    try {
      // One large body per account: of two from the same account, one is refused.
      const sameAccount = [slowUpload(keys[0]!), slowUpload(keys[0]!)];
      uploads.push(...sameAccount);
      const tooMany = await oneAnswered(sameAccount);
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(JSON.parse(tooMany.body)).toMatchObject({ success: false, error: { code: 'rate_limited' } });

      // Two large bodies in all: one place is left for two other accounts.
      const others = [slowUpload(keys[1]!), slowUpload(keys[2]!)];
      uploads.push(...others);
      const full = await oneAnswered(others);
      expect(full.status).toBe(503);
      expect(full.headers).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(JSON.parse(full.body)).toMatchObject({ success: false, error: { code: 'unavailable' } });
    } finally {
      for (const raw of uploads) raw.destroy();
    }
  });
});

describe('paths that do not percent-decode', () => {
  for (const path of ['/api/dashboard/keys/%ZZ', '/api/auth/%ZZ', '/api/dashboard/keys/%C0%80']) {
    it(`GET ${path} is a 400 with the error body`, async () => {
      const res = await fetch(`${server.app.baseUrl}${path}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { success: boolean; error: { code: string; requestId: string } };
      expect(body).toMatchObject({ success: false, error: { code: 'bad_request' } });
      expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
    });
  }
});
