// Without SMTP_URL (the embedded default, as the API tests' server runs) every mail stays in the
// outbox and goes to the server's log, and `npm run admin -- outbox` prints the newest first with
// their links, which work: a self-hosted install with no mail server can still verify and reset.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { runAdmin, signUp, testDb } from './accounts';
import { baseUrl } from './helpers';

const LINK = /https?:\/\/\S+\?token=[0-9A-Za-z]{32}/g;

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

    // The server's log has the same mails, but not their tokens: the links point to the admin command.
    const log = readFileSync(path.join(__dirname, '../../test-results/api-server.log'), 'utf8');
    expect(log).toContain(`[mail] kept in the outbox (no SMTP_URL), to ${email}: Confirm your email address for yamljson`);
    expect(log).toContain(`${new URL(verifyLink!).origin}${new URL(verifyLink!).pathname}?token=(npm run admin -- outbox)`);
    for (const link of [verifyLink!, resetLink!]) expect(log).not.toContain(new URL(link).searchParams.get('token')!);

    // The printed links work.
    const verified = await fetch(verifyLink!);
    expect(await verified.text()).toContain(`Thank you: ${email} is verified.`);
    expect((await testDb().user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);
    const resetPage = await fetch(resetLink!);
    expect(await resetPage.text()).toContain('Set the new password');
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
