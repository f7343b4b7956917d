// PostgreSQL that holds a lock, stops answering or goes away (a restart), under an app on
// DATABASE_URL (quotas in the database): every endpoint (the public API, the dashboard's API,
// sign-up, health) answers 503 `unavailable` naming the database within about a second, sign-in
// says it is not possible right now, and everything works again without restarting the app. The
// app reaches a fresh database of the machine's PostgreSQL through a proxy the test can break.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { signIn } from '../api/accounts';
import { createAccountWithKey, GOOD_PASSWORD, type TemporaryDatabase, uniqueEmail } from '../helpers/fixtures';
import type { FaultyProxy } from '../helpers/faulty-proxy';
import { expectUnavailable, recovers, report, timedFetch, type Answer } from '../helpers/outage';
import { startOutageHarness, type OutageHarness } from '../helpers/outage-harness';
import type { AppServer } from '../setup/app-server';
import { servicesAvailable } from './services';

const available = await servicesAvailable();

describe.runIf(available)('PostgreSQL outages (DATABASE_URL, quotas in the database)', () => {
  let harness: OutageHarness;
  let database: TemporaryDatabase;
  let db: Db;
  let proxy: FaultyProxy;
  let app: AppServer;

  beforeAll(async () => {
    harness = await startOutageHarness({ proxied: 'database', logName: 'database-outage' });
    ({ database, db, proxy, app } = harness);
  });
  afterAll(() => harness?.stop());

  const account = () => createAccountWithKey(db, { label: 'db-outage', keyName: 'outage' });

  const validate = (key: string): Promise<Answer> =>
    timedFetch(`${app.baseUrl}/api/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"input":"a: 1","type":"yaml"}',
    });
  const dashboard = (cookie: string, method: string, path: string, body?: unknown): Promise<Answer> =>
    timedFetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: app.baseUrl, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Runs `during` while another session holds `lock` (in a transaction), then releases it. */
  async function whileLocked(lock: string, during: () => Promise<void>): Promise<void> {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(lock);
      await during();
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
    }
  }

  it('a lock held on the key table, then on the usage table: 503 naming the database within about a second, 200 once released', async () => {
    const { key } = await account();
    expect((await validate(key)).res.status).toBe(200);
    for (const table of ['ApiKey', 'UsageHour']) {
      await whileLocked(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`, async () => {
        const answer = await validate(key);
        report(`PostgreSQL lock on ${table}, validate`, answer);
        await expectUnavailable(answer, 'database');
      });
      expect((await validate(key)).res.status).toBe(200);
    }
  });

  it('sign-in while the Session table is locked: 503 unavailable with Retry-After in the API body, and a session once released', async () => {
    const { email } = await account();
    const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signInCall = () =>
      timedFetch(`${app.baseUrl}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: app.baseUrl },
        body: new URLSearchParams({ csrfToken, email, password: GOOD_PASSWORD, json: 'true' }),
      });
    await whileLocked('LOCK TABLE "Session" IN ACCESS EXCLUSIVE MODE', async () => {
      const answer = await signInCall();
      report('PostgreSQL lock on Session, sign-in', answer);
      expect(answer.res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      await expectUnavailable(answer, 'database');
    });
    expect((await signIn(email, GOOD_PASSWORD, undefined, app.baseUrl)).cookie).not.toBeNull();
  });

  it('PostgreSQL unreachable (a restart): every endpoint 503 naming the database, sign-in "not possible right now"; all back without restarting the app', async () => {
    const { email, key } = await account();
    const { cookie } = await signIn(email, GOOD_PASSWORD, undefined, app.baseUrl);
    expect(cookie).not.toBeNull();
    expect((await dashboard(cookie!, 'POST', '/api/dashboard/keys', { name: 'before' })).res.status).toBe(201);

    for (const mode of ['refuse', 'blackhole'] as const) {
      await proxy.setMode(mode);
      try {
        const calls: Array<[string, () => Promise<Answer>]> = [
          ['POST /api/dashboard/keys', () => dashboard(cookie!, 'POST', '/api/dashboard/keys', { name: 'during' })],
          ['GET /api/dashboard/keys', () => dashboard(cookie!, 'GET', '/api/dashboard/keys')],
          ['GET /api/dashboard/usage', () => dashboard(cookie!, 'GET', '/api/dashboard/usage')],
          [
            'POST /api/account/signup',
            () =>
              timedFetch(`${app.baseUrl}/api/account/signup`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Origin: app.baseUrl },
                body: JSON.stringify({ email: uniqueEmail('new'), password: GOOD_PASSWORD }),
              }),
          ],
          ['POST /api/validate', () => validate(key)],
          ['GET /api/health', () => timedFetch(`${app.baseUrl}/api/health`, { headers: { Authorization: `Bearer ${key}` } })],
        ];
        for (const [name, call] of calls) {
          const answer = await call();
          report(`PostgreSQL ${mode === 'refuse' ? 'unreachable' : 'silent'}, ${name}`, answer);
          await expectUnavailable(answer, 'database');
        }
        const started = Date.now();
        const { error } = await signIn(email, GOOD_PASSWORD, undefined, app.baseUrl);
        console.log(`[outage] PostgreSQL ${mode === 'refuse' ? 'unreachable' : 'silent'}, sign-in: "${error}" after ${Date.now() - started} ms`);
        expect(error).toBe('Signing in is not possible right now; try again shortly.');
      } finally {
        await proxy.setMode('forward');
      }
      const back = await recovers(() => dashboard(cookie!, 'GET', '/api/dashboard/keys'));
      console.log(`[outage] PostgreSQL back: dashboard 200 after ${back} ms`);
    }
    const created = await dashboard(cookie!, 'POST', '/api/dashboard/keys', { name: 'after' });
    expect(created.res.status).toBe(201);
    expect((await validate(key)).res.status).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD, undefined, app.baseUrl)).cookie).not.toBeNull();
  });
});
