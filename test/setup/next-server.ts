// vitest globalSetup for the API tests: the built app started the way `npm start` starts it
// (scripts/serve.ts: the embedded database in a fresh temporary folder, owned and served by the
// app's process; the node:http front for the API; Next.js for the rest) on a free port, and an
// Enterprise API key for the tests to use, made through the app's embedded database server.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApiKey } from '@/lib/accounts/api-keys';
import { ensureUser, setPlan } from '@/lib/accounts/users';
import { createDb } from '@/lib/db/client';
import { findEmbeddedServer } from '@/lib/db/embedded';
import { startApp } from './app-server';

/** The test server's input limit: small enough that over-limit bodies are cheap to send. */
export const TEST_MAX_INPUT_BYTES = 10_000_000;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    maxInputBytes: number;
    /** An Enterprise key (no quota), sent by the helpers unless a test says otherwise. */
    apiKey: string;
    /** The app's database (the embedded one, served by the app), for tests that look inside it. */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'yamljson-api-tests-'));
  const dataDir = path.join(dataRoot, 'pglite');
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let db: ReturnType<typeof createDb> | undefined;
  const teardown = async () => {
    await db?.$disconnect();
    await app?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  };
  try {
    app = await startApp({
      logName: 'api-server',
      env: { YAMLJSON_DATA_DIR: dataDir, MAX_INPUT_BYTES: String(TEST_MAX_INPUT_BYTES) },
      unsetEnv: ['DATABASE_URL', 'REDIS_URL'],
    });
    const database = await findEmbeddedServer(dataDir);
    if (!database) throw new Error(`the app does not serve its embedded database ${dataDir}`);
    db = createDb(database.url, 2);
    const { user } = await ensureUser(db, 'api-tests@yamljson.test');
    await setPlan(db, user.id, 'enterprise');
    const { secret } = await createApiKey(db, user.id, 'api tests');
    project.provide('baseUrl', app.baseUrl);
    project.provide('maxInputBytes', TEST_MAX_INPUT_BYTES);
    project.provide('apiKey', secret);
    project.provide('databaseUrl', database.url);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
