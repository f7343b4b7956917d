// Playwright global setup: starts a real SMTP server (smtp-server, test/helpers/smtp-mailbox.ts) that
// records every mail it receives as a JSON line in test-results/e2e-mailbox.jsonl (E2E_MAILBOX_FILE;
// e2e/support/mailbox.ts reads it), then the built app the way `npm start` does (scripts/serve.ts: a
// fresh embedded database in a temporary folder, migrations, the server) on a free port with SMTP_URL
// pointing at that server, and returns the teardown that stops both. With E2E_BASE_URL set, tests run
// against that server instead and nothing is started (the tests that read mail then say they cannot).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SmtpMailbox } from '../../test/helpers/smtp-mailbox';
import { root, startApp } from '../../test/setup/app-server';

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync(path.join(root, 'public', 'workers', 'convert.worker.js'))) {
    throw new Error('public/workers/convert.worker.js is missing: run `node scripts/build-web-workers.mjs` (part of `npm run build`).');
  }
  const mailboxFile = path.join(root, 'test-results', 'e2e-mailbox.jsonl');
  mkdirSync(path.dirname(mailboxFile), { recursive: true });
  writeFileSync(mailboxFile, '');
  const mailbox = await SmtpMailbox.start(mailboxFile);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-e2e-'));
  try {
    const app = await startApp({
      logName: 'e2e-server',
      // The tests act as the reverse proxy in front of the app (X-Forwarded-For), to give each account
      // they make a client address of its own for the sign-up and sign-in throttles.
      env: { YAMLJSON_DATA_DIR: path.join(dataDir, 'pglite'), TRUSTED_PROXIES: '127.0.0.1,::1', SMTP_URL: mailbox.url },
      // The browser tests own their accounts: a database of their own, never the developer's.
      unsetEnv: ['DATABASE_URL'],
    });
    process.env.E2E_BASE_URL = app.baseUrl;
    process.env.E2E_MAILBOX_FILE = mailboxFile;
    return async () => {
      await app.stop();
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  } catch (err) {
    await mailbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
