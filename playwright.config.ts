// Browser tests (e2e/) in Debian's Chromium against the built app. `npm run build` first; the global
// setup starts `next start` on a free port (or uses E2E_BASE_URL when set).
// Time limits here are safety nets for a busy machine (CI shares its cores), never speed goals: no
// test asserts how long something took (timing figures come from `npm run bench:browser`).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Not test-results/ itself: Playwright empties its output folder, and vitest's report and the screenshots live there.
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 120_000,
  // toPass() waits as long as the other assertions (by default it would wait for the whole test's time).
  expect: { timeout: 30_000, toPass: { timeout: 30_000 } },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
