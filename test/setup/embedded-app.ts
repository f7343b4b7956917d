// The built app on an embedded database of its own, with an account and key: what the API tests'
// global setup and the tests that need an app of their own start. (Apart from app-server.ts so
// that the browser tests' setup does not load the database client.)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlanId } from '@/lib/accounts/plans';
import { createDb } from '@/lib/db/client';
import { findEmbeddedServer } from '@/lib/db/embedded';
import { createAccountWithKey } from '../helpers/fixtures';
import { startApp, type AppServer } from './app-server';

export interface EmbeddedApp {
  readonly app: AppServer;
  /** The app's embedded database folder. */
  readonly dataDir: string;
  /** The app's embedded database, served by the app. */
  readonly databaseUrl: string;
  /** A key of a new account on the given plan. */
  readonly key: string;
  readonly userId: string;
  /** Another account and key, made through the app's database server as the first one is. */
  createAccountWithKey(account: NewAccount): Promise<{ key: string; userId: string }>;
  /** Stops the app (if it still runs) and removes its data folder. */
  stop(): Promise<void>;
}

interface NewAccount {
  email: string;
  plan: PlanId;
  keyName: string;
}

/** A new account and key on the database at `databaseUrl`, through a client of its own. */
async function accountThrough(databaseUrl: string, account: NewAccount): Promise<{ key: string; userId: string }> {
  const db = createDb(databaseUrl, 1);
  try {
    return await createAccountWithKey(db, account);
  } finally {
    await db.$disconnect();
  }
}

/**
 * The built app on an embedded database of its own (a fresh temporary folder, owned by the app
 * as under `npm start`), with one account and key made through the app's database server.
 */
export async function startEmbeddedApp(options: {
  logName: string;
  email: string;
  plan: PlanId;
  env?: Record<string, string>;
}): Promise<EmbeddedApp> {
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'yamljson-app-'));
  const dataDir = path.join(dataRoot, 'pglite');
  let app: AppServer | undefined;
  const stop = async () => {
    await app?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  };
  try {
    app = await startApp({
      logName: options.logName,
      env: { ...options.env, YAMLJSON_DATA_DIR: dataDir },
      unsetEnv: ['DATABASE_URL', 'REDIS_URL'],
    });
    const database = await findEmbeddedServer(dataDir);
    if (!database) throw new Error(`the app does not serve its embedded database ${dataDir}`);
    const { key, userId } = await accountThrough(database.url, { email: options.email, plan: options.plan, keyName: options.logName });
    const more = (account: NewAccount) => accountThrough(database.url, account);
    return { app, dataDir, databaseUrl: database.url, key, userId, createAccountWithKey: more, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
