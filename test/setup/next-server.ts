// vitest globalSetup for the API tests: the embedded database (PGlite, in a fresh temporary
// folder, served over the PostgreSQL protocol as `npm start` does), migrated; the built app
// (`next start`) on a free port; and an Enterprise API key for the tests to use.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApiKey } from '@/lib/accounts/api-keys';
import { ensureUser, setPlan } from '@/lib/accounts/users';
import { createDb } from '@/lib/db/client';
import { startEmbeddedServer } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { startApp } from './app-server';

/** The test server's input limit: small enough that over-limit bodies are cheap to send. */
export const TEST_MAX_INPUT_BYTES = 10_000_000;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    maxInputBytes: number;
    /** An Enterprise key (no quota), sent by the helpers unless a test says otherwise. */
    apiKey: string;
    /** The app's database (the embedded one), for tests that look inside it. */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'yamljson-api-tests-'));
  const database = await startEmbeddedServer(path.join(dataRoot, 'pglite'));
  const db = createDb(database.url, 2);
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    await migrate(db);
    const { user } = await ensureUser(db, 'api-tests@yamljson.test');
    await setPlan(db, user.id, 'enterprise');
    const { secret } = await createApiKey(db, user.id, 'api tests');
    app = await startApp({
      logName: 'next-server',
      env: { DATABASE_URL: database.url, MAX_INPUT_BYTES: String(TEST_MAX_INPUT_BYTES) },
    });
    project.provide('baseUrl', app.baseUrl);
    project.provide('maxInputBytes', TEST_MAX_INPUT_BYTES);
    project.provide('apiKey', secret);
    project.provide('databaseUrl', database.url);
  } catch (err) {
    await db.$disconnect();
    await database.stop();
    throw err;
  }
  return async () => {
    await app?.stop();
    await db.$disconnect();
    await database.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  };
}
