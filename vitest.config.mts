import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': root, 'server-only': path.join(root, 'test/stubs/server-only.ts') } },
  test: {
    // Safety nets for a busy machine (CI shares its cores), never speed goals: some tests start a
    // server of their own (test/setup/app-server.ts allows 180 s for that), and hooks start the app.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'lib/**/*.test.ts'],
          exclude: ['test/api/**', 'test/integration/**', 'test/cli/**', 'test/sdk/**/*.api.test.ts', 'test/ops/**'],
        },
      },
      {
        // The built `yamljson` CLI (packages/cli/dist, `npm run build:cli`) as a child process; its
        // --remote against an app of its own (`npm run build` first).
        extends: true,
        test: {
          name: 'cli',
          include: ['test/cli/**/*.test.ts'],
        },
      },
      {
        // Starts the built app (`npm run build` first) and runs the HTTP tests against it.
        extends: true,
        test: {
          name: 'api',
          // test/sdk/*.api.test.ts: the SDK against the same running app.
          include: ['test/api/**/*.test.ts', 'test/sdk/**/*.api.test.ts'],
          globalSetup: ['test/setup/next-server.ts'],
        },
      },
      {
        // The machine's PostgreSQL and Redis (required under CI=true), and app instances of its own;
        // test/ops: the operator's view (logs, metrics, readiness) of such an app, and the log scanner.
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/ops/**/*.test.ts'],
        },
      },
    ],
  },
});
