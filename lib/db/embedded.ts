// The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder. PGlite is
// single-process, so one process owns the folder and serves it over the PostgreSQL protocol
// (pglite-socket); the app and the operator command connect to that like to any server. When no
// owner is running, the operator command opens the folder itself (pglite-prisma-adapter).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { freePort } from '../free-port';
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

/** Opens the folder and serves it on 127.0.0.1 (port 0: any free port). */
export async function startEmbeddedServer(dataDir: string, port = 0): Promise<EmbeddedServer> {
  const running = await findEmbeddedServer(dataDir);
  if (running) throw new Error(`The embedded database ${dataDir} is already served by process ${running.pid} (${running.url}).`);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = await PGlite.create(dataDir);
  const chosenPort = port || (await freePort());
  const server = new PGLiteSocketServer({ db: pg, host: '127.0.0.1', port: chosenPort, maxConnections: 32 });
  await server.start();
  writeFileSync(serverFile(dataDir), JSON.stringify({ pid: process.pid, port: chosenPort } satisfies ServerFile));
  let stopped = false;
  return {
    url: embeddedUrl(chosenPort),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await pg.close();
      rmSync(serverFile(dataDir), { force: true });
    },
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

/** A Prisma client straight on the folder (only when no server owns it). */
export async function openEmbeddedDirect(dataDir: string): Promise<{ db: Db; close(): Promise<void> }> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = await PGlite.create(dataDir);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pg) });
  return {
    db,
    async close() {
      await db.$disconnect();
      await pg.close();
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
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
