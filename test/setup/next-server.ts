// vitest globalSetup for the API tests: the built app started the way `npm start` starts it
// (scripts/serve.ts: the embedded database in a fresh temporary folder, owned and served by the
// app's process; the node:http front for the API; Next.js for the rest) on a free port, and an
// Enterprise API key for the tests to use, made through the app's embedded database server.
import type { TestProject } from 'vitest/node';
import { startEmbeddedApp } from './embedded-app';
import { TEST_PROXY_ADDRESS } from './test-proxy';

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
  const server = await startEmbeddedApp({
    logName: 'api-server',
    email: 'api-tests@yamljson.test',
    plan: 'enterprise',
    env: { MAX_INPUT_BYTES: String(TEST_MAX_INPUT_BYTES), TRUSTED_PROXIES: TEST_PROXY_ADDRESS },
  });
  project.provide('baseUrl', server.app.baseUrl);
  project.provide('maxInputBytes', TEST_MAX_INPUT_BYTES);
  project.provide('apiKey', server.key);
  project.provide('databaseUrl', server.databaseUrl);
  return server.stop;
}
