// Slow uploads of one account against the real server (scripts/serve.ts) with a connection cap of
// 50: bodies declaring Content-Length 999999 (under the 1 MiB of a large body) once took no place,
// so one account's uploads filled the cap and other clients' connections were refused. Now the
// account holds at most a tenth of the cap (5 uploads), its further uploads are answered 429, and
// every probe from another account or client, each on a connection of its own, is answered.
// Counts are asserted, never time; waits are polls with a generous safety net.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';

const MAX_CONNECTIONS = 50;
/** A tenth of the cap (MAX_UPLOADS_PER_ACCOUNT, 32 by default, is larger). */
const SHARE = 5;
const UPLOADS = 60;
/** Uploads opened at a time: with those held, well under the 95% from which idle connections are shed. */
const BATCH = 12;

let server: EmbeddedApp;
let port: number;
let neighbourKey: string;

beforeAll(async () => {
  server = await startEmbeddedApp({
    logName: 'upload-limits',
    email: 'uploads-attacker@example.test',
    plan: 'pro',
    env: { HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS) },
  });
  port = Number(new URL(server.app.baseUrl).port);
  neighbourKey = (await server.createAccountWithKey({ email: 'uploads-neighbour@example.test', plan: 'pro', keyName: 'neighbour' })).key;
});
afterAll(async () => server?.stop());

/** A raw connection: what it received and whether it was closed. */
class Raw {
  readonly socket: net.Socket;
  received = '';
  closed = false;
  constructor() {
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.on('data', (d: Buffer) => {
      this.received += d.toString('latin1');
    });
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
    });
  }
  /** The first complete response (it has a Content-Length here), or null. */
  response(): { status: number; headers: string; body: string } | null {
    const end = this.received.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const head = this.received.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.received.length < end + 4 + length) return null;
    return { status: Number(head.slice(9, 12)), headers: head, body: this.received.slice(end + 4, end + 4 + length) };
  }
  /** Neither answered nor closed: a held upload (or one the server has not looked at yet). */
  pending(): boolean {
    return !this.closed && this.response() === null;
  }
  write(text: string) {
    if (!this.socket.destroyed) this.socket.write(text);
  }
  destroy() {
    this.socket.destroy();
  }
}

/** Polls `done` every 20 ms; throws after a generous `ms` (a hang, not a speed goal). */
async function until(done: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${ms} ms until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function slowUpload(key: string): Raw {
  const raw = new Raw();
  raw.write(
    'POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${key}\r\nContent-Length: 999999\r\n\r\n{"type": "yaml", "input": "`,
  );
  return raw;
}

/** One request on a connection of its own, answered or not (closed by the server first). */
async function probe(request: string): Promise<number | 'closed'> {
  const raw = new Raw();
  raw.write(request);
  try {
    await until(() => raw.closed || raw.response() !== null, 'the probe is answered');
    return raw.response()?.status ?? 'closed';
  } finally {
    raw.destroy();
  }
}

describe('slow uploads of one account', () => {
  it("take no place for bodies that arrived whole: with the account's share held by slow uploads, its small requests are still answered", async () => {
    const uploads: Raw[] = [];
    const trickle = setInterval(() => {
      for (const u of uploads) if (u.pending()) u.write('a');
    }, 100);
    try {
      // The account's share is full: of one upload more than it, one is refused and the rest held.
      uploads.push(...Array.from({ length: SHARE + 1 }, () => slowUpload(server.key)));
      await until(() => uploads.filter((u) => u.pending()).length === SHARE, `${SHARE} of ${SHARE + 1} uploads are held`);
      expect(uploads.filter((u) => u.response()?.status === 429)).toHaveLength(1);
      // Each request written whole in one packet on a connection of its own: its body waits in
      // memory, holding no upload open, so the full share does not refuse it.
      const convert = '{"input": "a: 1", "inputType": "yaml", "outputType": "json"}';
      const request =
        'POST /api/convert HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${server.key}\r\nContent-Length: ${convert.length}\r\n\r\n${convert}`;
      const statuses = await Promise.all(Array.from({ length: 2 * SHARE }, () => probe(request)));
      expect(statuses).toStrictEqual(Array(2 * SHARE).fill(200));
    } finally {
      clearInterval(trickle);
      for (const u of uploads) u.destroy();
    }
  });

  it('hold at most a tenth of the connection cap; the excess is refused with 429, and other clients are all answered', async () => {
    const uploads: Raw[] = [];
    const refusals: Array<{ status: number; headers: string; body: string }> = [];
    // The attacker trickles a byte every 100 ms into each upload the server has not answered.
    const trickle = setInterval(() => {
      for (const u of uploads) if (u.pending()) u.write('a');
    }, 100);
    try {
      for (let opened = 0; opened < UPLOADS; opened += BATCH) {
        const batch = Array.from({ length: BATCH }, () => slowUpload(server.key));
        uploads.push(...batch);
        // Every upload beyond the account's places is answered (the held ones never are).
        await until(() => uploads.filter((u) => u.pending()).length <= SHARE, `at most ${SHARE} of ${uploads.length} uploads are held`);
        for (const u of batch) {
          const answer = u.response();
          if (answer) refusals.push(answer);
          if (!u.pending()) u.destroy();
        }
      }
      const held = uploads.filter((u) => u.pending());
      expect(held).toHaveLength(SHARE);
      expect(refusals.map((r) => r.status)).toStrictEqual(Array(UPLOADS - SHARE).fill(429));
      for (const r of refusals) {
        expect(r.headers).toMatch(/\r\nretry-after: 5\r\n/i);
        expect(r.headers).toMatch(/\r\nconnection: close\r\n/i);
        expect(JSON.parse(r.body)).toMatchObject({ success: false, error: { code: 'rate_limited' } });
      }

      // Meanwhile another account's conversions and an unkeyed client's health checks, each on a new connection.
      const convert = '{"input": "a: 1", "inputType": "yaml", "outputType": "json"}';
      const statuses: Array<number | 'closed'> = [];
      for (let i = 0; i < 20; i++) {
        statuses.push(await probe('GET /api/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
        statuses.push(
          await probe(
            'POST /api/convert HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n' +
              `Authorization: Bearer ${neighbourKey}\r\nContent-Length: ${convert.length}\r\n\r\n${convert}`,
          ),
        );
      }
      expect(statuses).toStrictEqual(Array(40).fill(200));
      // The held uploads are still being received.
      expect(uploads.filter((u) => u.pending())).toHaveLength(SHARE);
    } finally {
      clearInterval(trickle);
      for (const u of uploads) u.destroy();
    }
  });
});
