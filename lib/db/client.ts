// The Prisma client on a PostgreSQL URL: a real server, or the embedded database's socket server
// (scripts/serve.ts starts it and hands its URL to the app as DATABASE_URL).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;

export function createDb(url: string, maxConnections = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: maxConnections }) });
}

const holder = globalThis as typeof globalThis & { __yamljsonDb?: Db };

/** The process's client for DATABASE_URL, created on first use. */
export function db(): Db {
  if (!holder.__yamljsonDb) {
    const url = process.env.DATABASE_URL;
    if (!url) {
      throw new Error(
        'DATABASE_URL is not set: start the app with `npm start` (which starts the embedded database) or point DATABASE_URL at PostgreSQL.',
      );
    }
    holder.__yamljsonDb = createDb(url);
  }
  return holder.__yamljsonDb;
}
