// PGlite is one PostgreSQL session shared by every client of the embedded server, which runs the
// clients' messages one at a time. A parameterised query is several messages (Parse, Bind, Describe,
// Execute) ended by Sync, and they share the session's unnamed statement and portal: another
// client's messages run between them would replace that portal. On a busy machine a client's
// messages arrive in more than one piece, and the sign-in of a browser test failed with `portal ""
// cannot be run` (and a client can be handed another's rows). Here the pieces are sent apart on
// purpose: a second client's whole query arrives between the first one's Bind and its Execute.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { temporaryEmbeddedServer, type TemporaryEmbeddedServer } from '../helpers/fixtures';

function message(type: string, ...fields: Array<string | number | Buffer>): Buffer {
  const body = Buffer.concat(
    fields.map((f) => {
      if (typeof f === 'string') return Buffer.from(`${f}\0`);
      if (Buffer.isBuffer(f)) return f;
      const b = Buffer.alloc(2);
      b.writeInt16BE(f);
      return b;
    }),
  );
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

const parse = (sql: string) => message('P', '', sql, 0);
const bind = () => message('B', '', '', 0, 0, 0);
const describePortal = () => message('D', 'P');
const execute = () => message('E', '', Buffer.alloc(4));
const flush = () => message('H');
const sync = () => message('S');

interface Answer {
  type: string;
  body: Buffer;
}

/** A raw protocol client: sends bytes, collects the server's messages. */
class RawClient {
  private buffer = Buffer.alloc(0);
  readonly answers: Answer[] = [];
  private waiters: Array<() => void> = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      while (this.buffer.length >= 5) {
        const length = this.buffer.readInt32BE(1);
        if (this.buffer.length < 1 + length) break;
        this.answers.push({ type: String.fromCharCode(this.buffer[0]!), body: this.buffer.subarray(5, 1 + length) });
        this.buffer = this.buffer.subarray(1 + length);
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async connect(port: number): Promise<RawClient> {
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new RawClient(socket);
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196608, 4);
    socket.write(Buffer.concat([startup, params]));
    await client.until((a) => a.some((m) => m.type === 'Z'));
    client.answers.length = 0;
    return client;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Resolves once the answers so far satisfy `done` (10 s safety net: a hang fails the test). */
  async until(done: (answers: Answer[]) => boolean): Promise<Answer[]> {
    const deadline = Date.now() + 10_000;
    while (!done(this.answers)) {
      if (Date.now() > deadline) throw new Error(`no such answer; got ${this.answers.map((a) => a.type).join(' ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.answers;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** What a query's answers say: its rows' first values, or the error message. */
function outcome(answers: Answer[]): { rows: string[]; error: string | null } {
  const rows = answers
    .filter((a) => a.type === 'D')
    .map((a) => {
      const length = a.body.readInt32BE(2);
      return a.body.subarray(6, 6 + length).toString();
    });
  const error = answers.find((a) => a.type === 'E');
  const text = error
    ? error.body
        .toString()
        .split('\0')
        .find((f) => f.startsWith('M'))!
        .slice(1)
    : null;
  return { rows, error: text };
}

const readyForQuery = (answers: Answer[]) => answers.some((a) => a.type === 'Z');

let server: TemporaryEmbeddedServer;
let port: number;

beforeAll(async () => {
  server = await temporaryEmbeddedServer('socket-session');
  port = server.port;
});
afterAll(() => server?.stop());

it("a client's query split in two pieces is not cut by another client's query: each gets its own rows", async () => {
  const first = await RawClient.connect(port);
  const second = await RawClient.connect(port);
  try {
    // The first client's Parse and Bind are answered (Flush), its Execute not yet sent.
    first.send(parse("SELECT 'first' AS who"), bind(), flush());
    await first.until((a) => a.some((m) => m.type === '2'));
    // The second client's whole query arrives meanwhile.
    second.send(parse("SELECT 'second' AS who"), bind(), describePortal(), execute(), sync());
    // Then the rest of the first client's query.
    await new Promise((r) => setTimeout(r, 100));
    first.send(describePortal(), execute(), sync());
    const [a, b] = await Promise.all([first.until(readyForQuery), second.until(readyForQuery)]);
    expect({ first: outcome(a), second: outcome(b) }).toStrictEqual({
      first: { rows: ['first'], error: null },
      second: { rows: ['second'], error: null },
    });
  } finally {
    first.close();
    second.close();
  }
});

it('a client that leaves in the middle of a query does not hold up the others', async () => {
  const leaving = await RawClient.connect(port);
  const other = await RawClient.connect(port);
  try {
    leaving.send(parse("SELECT 'leaving' AS who"), bind(), flush());
    await leaving.until((a) => a.some((m) => m.type === '2'));
    leaving.close();
    other.send(parse("SELECT 'other' AS who"), bind(), describePortal(), execute(), sync());
    expect(outcome(await other.until(readyForQuery))).toStrictEqual({ rows: ['other'], error: null });
  } finally {
    other.close();
  }
});
