// The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder. PGlite is
// single-process, so one process owns the folder and serves it over the PostgreSQL protocol
// (pglite-socket); the app and the operator command connect to that like to any server. When no
// owner is running, the operator command opens the folder itself (pglite-prisma-adapter).
// The owner holds `<folder>.lock` (data-lock.ts) from before it opens the folder until it has
// closed it, so a second process, even one started at the same instant, is refused.
// The owner also sees every NOTIFY the database delivers (onNotification), so the app in the same
// process can keep caches that another client's change (the operator command) invalidates at once.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { errorMessage } from '../errors/error-message';
import { freePort } from '../free-port';
import { fallbackLogger } from '../observability/logger';
import { lockDataDir, processAlive, type DataDirLock } from './data-lock';
import { sessionGuard } from './socket-session';
import { PrismaClient } from './generated/client';
import type { Db } from './client';

interface ServerFile {
  pid: number;
  port: number;
}

const serverFile = (dataDir: string) => `${dataDir}.server.json`;

export interface EmbeddedServer {
  /** postgresql:// URL of the socket server. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /**
   * Every notification on NOTIFIED_CHANNELS, called before the client whose statement delivered
   * it receives the rest of its answer: once a client's COMMIT has been answered, this has run.
   */
  onNotification?: (channel: string, payload: string) => void;
}

/**
 * The channels the server's session listens on. PGlite is one PostgreSQL session shared by every
 * socket client, and PostgreSQL hands a session only the notifications of channels it LISTENs
 * on (its own included), so without this LISTEN no NotificationResponse is ever produced.
 */
export const NOTIFIED_CHANNELS = ['yamljson_auth'] as const;

/**
 * Takes the folder's lock (DataDirLockedError if another live process holds it), opens the folder
 * and serves it on 127.0.0.1 (port 0: any free port). The lock is released by stop(), or when the
 * process exits; a process killed outright leaves a stale lock that the next owner takes over.
 */
export async function startEmbeddedServer(dataDir: string, port = 0, options: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = holdLock(dataDir);
  let pg: PGlite | undefined;
  try {
    pg = await openFolder(dataDir);
    if (options.onNotification) {
      for (const channel of NOTIFIED_CHANNELS) await pg.exec(`LISTEN ${channel}`);
      observeNotifications(pg, options.onNotification);
    }
    const chosenPort = port || (await freePort());
    // sessionGuard: one client's query at a time, Parse to Sync (see socket-session.ts).
    const server = new PGLiteSocketServer({ db: sessionGuard(pg), host: '127.0.0.1', port: chosenPort, maxConnections: 32 });
    await server.start();
    writeFileSync(serverFile(dataDir), JSON.stringify({ pid: process.pid, port: chosenPort } satisfies ServerFile));
    const db = pg;
    let stopped = false;
    return {
      url: embeddedUrl(chosenPort),
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await server.stop();
          await db.close();
        } finally {
          rmSync(serverFile(dataDir), { force: true });
          lock.release();
        }
      },
    };
  } catch (err) {
    await pg?.close().catch(() => {});
    lock.release();
    throw err;
  }
}

/** PGlite on `dataDir`, or an Error saying in words why that folder cannot be opened. */
async function openFolder(dataDir: string): Promise<PGlite> {
  const where = path.resolve(dataDir);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new Error(`The embedded database's folder ${where} (YAMLJSON_DATA_DIR) is a file, not a folder.`);
  }
  try {
    return await PGlite.create(dataDir);
  } catch (err) {
    throw new Error(`The embedded database's folder ${where} (YAMLJSON_DATA_DIR) cannot be opened: ${errorMessage(err)}.`);
  }
}

/** The folder's lock, also released if the process exits without closing the database. */
function holdLock(dataDir: string): DataDirLock {
  const lock = lockDataDir(dataDir);
  const onExit = () => lock.release();
  process.once('exit', onExit);
  return {
    file: lock.file,
    release() {
      process.off('exit', onExit);
      lock.release();
    },
  };
}

/**
 * pglite-socket runs every client message through execProtocolRawStream, which hands the backend's
 * bytes straight to the socket and never dispatches PGlite's own listen() callbacks. So each
 * call's byte stream is scanned here, and a chunk is handed on only after the notifications that
 * end in it have been reported.
 */
function observeNotifications(pg: PGlite, onNotification: (channel: string, payload: string) => void): void {
  const execProtocolRawStream = pg.execProtocolRawStream.bind(pg);
  pg.execProtocolRawStream = (message, options) => {
    const scan = notificationScanner((channel, payload) => {
      try {
        onNotification(channel, payload);
      } catch (err) {
        // Inside PGlite's output callback a throw would break the session for every client.
        fallbackLogger().error({ err, component: 'embedded-database' }, 'notification handler failed');
      }
    });
    return execProtocolRawStream(message, {
      ...options,
      onRawData: (data) => {
        scan(data);
        options?.onRawData(data);
      },
    });
  };
}

const NOTIFICATION_RESPONSE = 0x41; // 'A'
const utf8 = new TextDecoder();

/**
 * A scanner for one stream of backend messages (type byte, int32 length counting itself, body),
 * fed in chunks split anywhere; reports each NotificationResponse (int32 pid, channel and payload
 * as NUL-terminated strings) as soon as its last byte arrives.
 */
export function notificationScanner(onNotification: (channel: string, payload: string) => void): (chunk: Uint8Array) => void {
  const header = new Uint8Array(5);
  let headerLength = 0;
  let bodyLeft = 0;
  let body: Uint8Array | null = null; // only for NotificationResponse
  let broken = false;
  return (chunk) => {
    let i = 0;
    while (i < chunk.length && !broken) {
      if (bodyLeft === 0) {
        header[headerLength++] = chunk[i++]!;
        if (headerLength < 5) continue;
        headerLength = 0;
        const length = new DataView(header.buffer).getInt32(1);
        if (length < 4) {
          broken = true; // not a message stream: nothing more can be read from it
          break;
        }
        bodyLeft = length - 4;
        body = header[0] === NOTIFICATION_RESPONSE ? new Uint8Array(bodyLeft) : null;
        if (bodyLeft === 0) continue;
      }
      const take = Math.min(bodyLeft, chunk.length - i);
      if (body) body.set(chunk.subarray(i, i + take), body.length - bodyLeft);
      i += take;
      bodyLeft -= take;
      if (bodyLeft === 0 && body) {
        const channelEnd = body.indexOf(0, 4);
        const payloadEnd = body.indexOf(0, channelEnd + 1);
        if (channelEnd !== -1 && payloadEnd !== -1) {
          onNotification(utf8.decode(body.subarray(4, channelEnd)), utf8.decode(body.subarray(channelEnd + 1, payloadEnd)));
        }
        body = null;
      }
    }
  };
}

export function embeddedUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** The socket server another process runs for this folder, if it is alive. */
export async function findEmbeddedServer(dataDir: string): Promise<{ pid: number; url: string } | null> {
  let info: ServerFile;
  try {
    info = JSON.parse(readFileSync(serverFile(dataDir), 'utf8')) as ServerFile;
  } catch {
    return null;
  }
  if (!processAlive(info.pid) || !(await canConnect(info.port))) return null;
  return { pid: info.pid, url: embeddedUrl(info.port) };
}

/** A Prisma client straight on the folder (only when no server owns it: it takes the folder's lock). */
export async function openEmbeddedDirect(dataDir: string): Promise<{ db: Db; close(): Promise<void> }> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = holdLock(dataDir);
  try {
    const pg = await openFolder(dataDir);
    const db = new PrismaClient({ adapter: new PrismaPGlite(pg) });
    return {
      db,
      async close() {
        try {
          await db.$disconnect();
          await pg.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
