// Without SMTP_URL (the embedded default, as the API tests' server runs) every mail stays in the
// outbox, the server's log says so (no address, no text), and `npm run admin -- outbox` prints the
// newest first with their links, which work: a self-hosted install with no mail server can still
// confirm an address and reset a password. Links point where the server listens (no NEXTAUTH_URL),
// never where a request says: a request addressed to another host mails nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { confirmAddress, runAdmin, signUp, testDb } from './accounts';
import { baseUrl } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

const LINK = /https?:\/\/\S+\?token=[0-9A-Za-z]{32}/g;
const serverLog = path.join(__dirname, '../../test-results/api-server.log');

describe('the outbox without SMTP_URL', () => {
  it('keeps every mail, logs it, and the admin command prints the newest first with working links', async () => {
    const email = uniqueEmail('outbox');
    expect((await signUp(email, GOOD_PASSWORD)).status).toBe(201);
    const reset = await fetch(`${baseUrl}/api/account/password-reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);

    const rows = await testDb().outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.kind, r.sentAt, r.attempts])).toStrictEqual([
      ['verify_email', null, 0],
      ['reset_password', null, 0],
    ]);

    const { stdout } = await runAdmin('outbox', '--email', email);
    const entries = stdout.split(/\n(?=\d{4}-\d\d-\d\dT)/);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(
      new RegExp(
        `^\\S+  reset_password  to ${email.replace(/[.]/g, '\\.')}  \\[kept in the outbox \\(no SMTP_URL\\)\\]\\n  Subject: Reset your yamljson password\\n`,
      ),
    );
    expect(entries[1]).toMatch(
      new RegExp(
        `^\\S+  verify_email  to ${email.replace(/[.]/g, '\\.')}  \\[kept in the outbox \\(no SMTP_URL\\)\\]\\n  Subject: Confirm your email address for yamljson\\n`,
      ),
    );
    const [resetLink] = entries[0]!.match(LINK)!;
    const [verifyLink] = entries[1]!.match(LINK)!;
    expect(new URL(verifyLink!).origin).toBe(baseUrl);

    // The server's log says a mail was kept, with its kind and account: no address, no text, no token.
    const userId = (await testDb().user.findUniqueOrThrow({ where: { email } })).id;
    const keptLines = () =>
      readFileSync(serverLog, 'utf8')
        .split('\n')
        .filter((line) => line.includes(userId) && line.includes('"component":"mail"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((line) => [line.kind, line.accountId, line.msg]);
    // The harness copies the server's output to the file as it comes: wait for the lines.
    await expect.poll(keptLines).toStrictEqual([
      ['verify_email', userId, 'mail kept in the outbox (no SMTP_URL): `npm run admin -- outbox` prints it'],
      ['reset_password', userId, 'mail kept in the outbox (no SMTP_URL): `npm run admin -- outbox` prints it'],
    ]);
    const log = readFileSync(serverLog, 'utf8');
    expect(log).not.toContain(email);
    for (const link of [verifyLink!, resetLink!]) expect(log).not.toContain(new URL(link).searchParams.get('token')!);

    // The printed links work: the sign-up link's page confirms with the password (and signs in).
    const verifyPage = await fetch(verifyLink!);
    expect(await verifyPage.text()).toContain('Confirm your address');
    const { cookie } = await confirmAddress(new URL(verifyLink!).searchParams.get('token')!, GOOD_PASSWORD);
    expect(cookie).not.toBeNull();
    expect((await testDb().user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);
    const resetPage = await fetch(resetLink!);
    expect(await resetPage.text()).toContain('Set the new password');
  });

  it('links go where the server listens; a request addressed to another host (Host: evil.example) answers as usual and mails nothing', async () => {
    const victim = uniqueEmail('victim');
    expect((await signUp(victim, GOOD_PASSWORD)).status).toBe(201);
    const asked = (host: string) =>
      fetchViaProxy(`${baseUrl}/api/account/password-reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Host: host, Origin: `http://${host}` },
        body: JSON.stringify({ email: victim }),
        forwardedFor: randomClientAddress(),
      });
    const hostile = await asked('evil.example');
    expect(hostile.status).toBe(200);
    const own = await asked(new URL(baseUrl).host);
    expect(own.status).toBe(200);
    expect(await hostile.json()).toStrictEqual(await own.json());
    // The outbox row is written before the answer: exactly one reset mail, the own-host request's, linking to this server.
    const resets = await testDb().outboxMail.findMany({ where: { to: victim, kind: 'reset_password' } });
    expect(resets).toHaveLength(1);
    expect(resets[0]!.text).not.toContain('evil.example');
    expect(new URL(resets[0]!.text.match(LINK)![0]!).origin).toBe(baseUrl);
    // The same for a sign-up addressed to another host: the usual answer, no account, no mail.
    const stranger = uniqueEmail('rebound');
    const signup = await fetchViaProxy(`${baseUrl}/api/account/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example', Origin: 'http://evil.example' },
      body: JSON.stringify({ email: stranger, password: GOOD_PASSWORD }),
      forwardedFor: randomClientAddress(),
    });
    expect(signup.status).toBe(201);
    expect(await testDb().user.count({ where: { email: stranger } })).toBe(0);
    expect(await testDb().outboxMail.count({ where: { to: stranger } })).toBe(0);
    await expect.poll(() => readFileSync(serverLog, 'utf8')).toContain('"host":"evil.example"');
  });

  it('the admin command says when there is nothing, and refuses a bad --limit', async () => {
    const { stderr } = await runAdmin('outbox', '--email', uniqueEmail('nobody'));
    expect(stderr.trim()).toBe('The outbox is empty.');
    await expect(runAdmin('outbox', '--limit', '0')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--limit must be a whole number from 1 to 1000.'),
    });
  });
});
