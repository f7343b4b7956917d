// What the tests set up again and again, written once: the test password, unique emails, an account
// with a key, and temporary migrated databases (embedded PGlite or the machine's PostgreSQL).
// Playwright (e2e/) loads this file too, through its own TypeScript transform: so no vitest import
// (vitest-only conveniences such as afterAll cleanup live in the vitest-side helpers, like
// test/api/accounts.ts) and relative imports only. The database modules are loaded when a database
// fixture is first used, so that the browser tests, which only need the password and emails, never
// load Prisma or PGlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlanId } from '../../lib/accounts/plans';
import type { CreateDbOptions, Db } from '../../lib/db/client';
import type { EmbeddedServerOptions } from '../../lib/db/embedded';

/** A password every rule accepts; the tests' accounts sign in with it. */
export const GOOD_PASSWORD = 'correct horse battery staple';

/** An address no other account has, `label` first (so that it says which test made it). */
export const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@example.test`;

export interface AccountWithKey {
  userId: string;
  email: string;
  /** The key's secret, for `Authorization: Bearer`. */
  key: string;
  keyId: string;
}

/**
 * A new account (Free unless `plan` says otherwise, password GOOD_PASSWORD, the email given or a
 * unique one starting with `label`, by default the plan) with one API key, made directly in the database.
 */
export async function createAccountWithKey(
  db: Db,
  options: { plan?: PlanId; label?: string; email?: string; keyName?: string } = {},
): Promise<AccountWithKey> {
  const [{ createUser, setPlan }, { createApiKey }] = await Promise.all([import('../../lib/accounts/users'), import('../../lib/accounts/api-keys')]);
  const plan = options.plan ?? 'free';
  const email = options.email ?? uniqueEmail(options.label ?? plan);
  const user = await createUser(db, email, GOOD_PASSWORD);
  if (plan !== 'free') await setPlan(db, user.id, plan);
  const { key, secret } = await createApiKey(db, user.id, options.keyName ?? 'test');
  return { userId: user.id, email, key: secret, keyId: key.id };
}

/** A database of the test's own, and the clients made for it. */
export interface TemporaryDatabase {
  /** postgresql:// URL. */
  readonly url: string;
  /** A client of the migrated database. */
  readonly db: Db;
  /** Another client, disconnected by stop(). */
  connect(maxConnections: number, options?: CreateDbOptions): Db;
  /** Disconnects every client and removes the database. */
  stop(): Promise<void>;
}

/** An embedded database served over the socket, before it is migrated; `port` is the socket server's. */
export type TemporaryEmbeddedServer = Omit<TemporaryDatabase, 'db'> & { readonly port: number };

/** Keeps the clients made for one database, to disconnect them all at the end. */
async function clientsOf(url: string) {
  const { createDb } = await import('../../lib/db/client');
  const clients: Db[] = [];
  return {
    connect(maxConnections: number, options?: CreateDbOptions): Db {
      const client = createDb(url, maxConnections, options);
      clients.push(client);
      return client;
    },
    disconnectAll: () => Promise.all(clients.splice(0).map((c) => c.$disconnect())),
  };
}

/** A new folder under the system's temporary folder, `yamljson-<label>-` and a random part. */
export function temporaryFolder(label: string): { path: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), `yamljson-${label}-`));
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * An empty embedded database (PGlite) in a temporary folder, served over the socket as `npm start`
 * serves it; `db` is not set (see migratedEmbeddedDatabase). stop() also removes the folder.
 */
export async function temporaryEmbeddedServer(label: string, options: EmbeddedServerOptions = {}): Promise<TemporaryEmbeddedServer> {
  const { startEmbeddedServer } = await import('../../lib/db/embedded');
  const folder = temporaryFolder(label);
  try {
    const server = await startEmbeddedServer(path.join(folder.path, 'pglite'), 0, options);
    const clients = await clientsOf(server.url);
    return {
      url: server.url,
      port: Number(new URL(server.url).port),
      connect: clients.connect,
      async stop() {
        try {
          await clients.disconnectAll();
          await server.stop();
        } finally {
          folder.remove();
        }
      },
    };
  } catch (err) {
    folder.remove();
    throw err;
  }
}

/** The same, migrated, with a client of `maxConnections`. */
export async function migratedEmbeddedDatabase(label: string, maxConnections = 2): Promise<TemporaryDatabase & TemporaryEmbeddedServer> {
  const server = await temporaryEmbeddedServer(label);
  return withMigratedClient(server, maxConnections);
}

/** The embedded database opened directly in a temporary folder (as the operator command opens it), not migrated. */
export async function directEmbeddedDatabase(label: string): Promise<{ db: Db; close(): Promise<void> }> {
  const { openEmbeddedDirect } = await import('../../lib/db/embedded');
  const folder = temporaryFolder(label);
  try {
    const { db, close } = await openEmbeddedDirect(path.join(folder.path, 'direct'));
    return {
      db,
      async close() {
        try {
          await close();
        } finally {
          folder.remove();
        }
      },
    };
  } catch (err) {
    folder.remove();
    throw err;
  }
}

/**
 * A fresh database of the machine's PostgreSQL (test/integration/services.ts: check
 * servicesAvailable() first), migrated, with a client of `maxConnections`.
 */
export async function migratedPostgresDatabase(maxConnections = 2, options?: CreateDbOptions): Promise<TemporaryDatabase> {
  const { freshDatabase } = await import('../integration/services');
  const database = await freshDatabase();
  const clients = await clientsOf(database.url);
  const created = {
    url: database.url,
    connect: clients.connect,
    async stop() {
      try {
        await clients.disconnectAll();
      } finally {
        await database.drop();
      }
    },
  };
  return withMigratedClient(created, maxConnections, options);
}

async function withMigratedClient<T extends Omit<TemporaryDatabase, 'db'>>(
  database: T,
  maxConnections: number,
  options?: CreateDbOptions,
): Promise<T & { readonly db: Db }> {
  try {
    const { migrate } = await import('../../lib/db/migrate');
    const db = database.connect(maxConnections, options);
    await migrate(db);
    return { ...database, db };
  } catch (err) {
    await database.stop();
    throw err;
  }
}
