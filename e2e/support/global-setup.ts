// Playwright global setup: starts a real SMTP server (smtp-server, test/helpers/smtp-mailbox.ts) that
// records every mail it receives as a JSON line in test-results/e2e-mailbox.jsonl (E2E_MAILBOX_FILE;
// e2e/support/mailbox.ts reads it), then the built app the way `npm start` does (scripts/serve.ts: a
// fresh embedded database in a temporary folder, migrations, the server) on a free port with SMTP_URL
// pointing at that server, and returns the teardown that stops both. Beside it, for the billing journey
// (e2e/billing.spec.ts), the Stripe stand-in (test/helpers/stripe-stand-in.ts) and a second app whose STRIPE_*
// point at it (E2E_BILLING_BASE_URL, E2E_STRIPE_URL): the first app stays as self-hosted, without billing.
// With E2E_BASE_URL set, tests run against that server instead and nothing is started (the tests that read
// mail, and the billing journey, then say they cannot).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SmtpMailbox } from '../../test/helpers/smtp-mailbox';
import { StripeStandIn } from '../../test/helpers/stripe-stand-in';
import { type AppServer, root, startApp } from '../../test/setup/app-server';

/** The billing app's Stripe: Pro at 19.00 USD a month. */
const E2E_STRIPE = { secretKey: 'sk_test_e2e_standin', proPrice: 'price_pro_e2e', unitAmount: 1900 };

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync(path.join(root, 'public', 'workers', 'convert.worker.js'))) {
    throw new Error('public/workers/convert.worker.js is missing: run `node scripts/build-web-workers.mjs` (part of `npm run build`).');
  }
  const mailboxFile = path.join(root, 'test-results', 'e2e-mailbox.jsonl');
  mkdirSync(path.dirname(mailboxFile), { recursive: true });
  writeFileSync(mailboxFile, '');
  const mailbox = await SmtpMailbox.start(mailboxFile);
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const standIn = await StripeStandIn.start({
    secretKey: E2E_STRIPE.secretKey,
    webhookSecret,
    prices: [{ id: E2E_STRIPE.proPrice, unitAmount: E2E_STRIPE.unitAmount, currency: 'usd' }],
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-e2e-'));
  const started: AppServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((app) => app.stop()));
    await standIn.stop();
    await mailbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The tests act as the reverse proxy in front of the apps (X-Forwarded-For), to give each account they make
    // a client address of its own for the sign-up and sign-in throttles.
    const env = { TRUSTED_PROXIES: '127.0.0.1,::1', SMTP_URL: mailbox.url };
    const start = (name: string, extra: Record<string, string>) =>
      startApp({
        logName: name,
        env: { ...env, YAMLJSON_DATA_DIR: path.join(dataDir, name), ...extra },
        // The browser tests own their accounts: databases of their own, never the developer's.
        unsetEnv: ['DATABASE_URL'],
      }).then((app) => {
        started.push(app);
        return app;
      });
    const [app, billingApp] = await Promise.all([
      start('e2e-server', {}),
      start('e2e-billing-server', {
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_PRO: E2E_STRIPE.proPrice,
        STRIPE_API_URL: standIn.url,
        OPERATOR_EMAIL: 'operator@yamljson.test',
      }),
    ]);
    standIn.webhookUrl = `${billingApp.baseUrl}/api/billing/webhook`;
    // Each app's first page and session answer load its route modules and read the session secret from the
    // database for the first time: on a busy machine that first read can miss the database's 1 s deadline (503,
    // which the page logs as a console error and fails whichever test came first). Done here, before any test.
    await Promise.all([app, billingApp].map((started) => warmUp(started.baseUrl)));
    process.env.E2E_BASE_URL = app.baseUrl;
    process.env.E2E_BILLING_BASE_URL = billingApp.baseUrl;
    process.env.E2E_STRIPE_URL = standIn.url;
    process.env.E2E_MAILBOX_FILE = mailboxFile;
    return stop;
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Asks an app for a page and the session once, whatever they answer (see above). */
async function warmUp(baseUrl: string): Promise<void> {
  for (const path of ['/', '/api/auth/session', '/pricing']) {
    await fetch(`${baseUrl}${path}`)
      .then((res) => res.arrayBuffer())
      .catch(() => {});
  }
}
