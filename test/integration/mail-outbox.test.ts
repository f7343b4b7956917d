// The outbox and the one-key rule on the machine's PostgreSQL, with several instances sharing it:
// two mail services delivering one outbox at once send every mail exactly once (rows claimed with
// FOR UPDATE SKIP LOCKED); a mail whose delivery failed is kept, with its error, for the next
// attempt; and an unverified account holds no key, however it would get one (creations racing from two
// clients, a revoked key made active again, a key moved to it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/api-keys';
import { newId } from '@/lib/accounts/ids';
import { refuseUnverifiedKey, UNVERIFIED_KEY_MESSAGE } from '@/lib/accounts/verification';
import type { Db } from '@/lib/db/client';
import { MailService, type RetryPolicy } from '@/lib/mail/mailer';
import { migratedPostgresDatabase, type TemporaryDatabase, uniqueEmail } from '../helpers/fixtures';
import { SmtpMailbox } from '../helpers/smtp-mailbox';
import { servicesAvailable } from './services';

const available = await servicesAvailable();

/** No sweeps or retries on their own during the test: it says when to deliver, and moves a retry's time itself. */
const HOUR = 3_600_000;
const RETRY: RetryPolicy = { firstDelayMs: HOUR, maxDelayMs: HOUR, leaseMs: 60_000, sweepMs: HOUR };

describe.runIf(available)('the outbox on the machine’s PostgreSQL', () => {
  let database: TemporaryDatabase;
  let a: Db;
  let b: Db;
  let mailbox: SmtpMailbox;
  beforeAll(async () => {
    database = await migratedPostgresDatabase(10);
    a = database.db;
    b = database.connect(10);
    mailbox = await SmtpMailbox.start();
  });
  afterAll(async () => {
    await mailbox?.stop();
    await database?.stop();
  });

  const settings = () => ({ smtpUrl: mailbox.url, from: 'yamljson <no-reply@example.test>' });

  it('two instances delivering one outbox at once send each of 40 mails exactly once', async () => {
    const senders = [new MailService(a, settings(), RETRY), new MailService(b, settings(), RETRY)];
    const recipients = Array.from({ length: 40 }, (_, i) => uniqueEmail(`once${i}`));
    // Written without waking anyone: both senders then find the same 40 due mails.
    await a.$transaction(recipients.map((to, i) => senders[0]!.insert(a, { to, subject: `mail ${i}`, text: `hello ${i}`, kind: 'verify_email' })));
    await Promise.all([senders[0]!.deliverDue(), senders[1]!.deliverDue(), senders[0]!.deliverDue(), senders[1]!.deliverDue()]);
    for (const to of recipients) expect(mailbox.to(to), to).toHaveLength(1);
    const rows = await a.outboxMail.findMany({ where: { to: { in: recipients } } });
    expect(rows.map((r) => [r.attempts, r.sentAt !== null])).toStrictEqual(recipients.map(() => [1, true]));
    await Promise.all(senders.map((s) => s.shutdown()));
  });

  it('a failed attempt keeps the mail with its error; the next one after the server is back delivers it once', async () => {
    const sender = new MailService(a, settings(), RETRY);
    const to = uniqueEmail('retry');
    await mailbox.stop();
    try {
      await sender.send(a, { to, subject: 'kept', text: 'hello', kind: 'reset_password' });
      await sender.deliverDue();
      const failed = await a.outboxMail.findFirstOrThrow({ where: { to } });
      expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: expect.stringContaining('ECONNREFUSED') });
      // The retry is the policy's delay after the failure (an hour here), not before.
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(failed.createdAt.getTime() + HOUR - 1);
      await sender.deliverDue();
      expect((await a.outboxMail.findFirstOrThrow({ where: { to } })).attempts).toBe(1);
    } finally {
      await mailbox.listen();
    }
    // The hour has passed.
    await a.outboxMail.updateMany({ where: { to }, data: { nextAttemptAt: new Date() } });
    await sender.deliverDue();
    await mailbox.waitFor(to, /^kept$/);
    expect(await a.outboxMail.findFirstOrThrow({ where: { to } })).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
    await sender.deliverDue();
    expect(mailbox.to(to)).toHaveLength(1);
    await sender.shutdown();
  });

  it('an unverified account holds no key: 20 creations racing from two clients, an un-revoked key or a moved one are refused', async () => {
    const userId = newId('usr');
    await a.user.create({ data: { id: userId, email: uniqueEmail('unverified'), passwordHash: 'scrypt$x', emailVerifiedAt: null } });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => refuseUnverifiedKey(createApiKey(i % 2 ? a : b, userId, `racer ${i}`))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'forbidden', message: UNVERIFIED_KEY_MESSAGE });
    // A key of another account, moved to this one, and a revoked key made active again: refused by the database.
    const otherId = newId('usr');
    await a.user.create({ data: { id: otherId, email: uniqueEmail('verified'), passwordHash: 'scrypt$x' } });
    const { key } = await createApiKey(a, otherId, 'moved');
    await expect(refuseUnverifiedKey(a.apiKey.update({ where: { id: key.id }, data: { userId } }))).rejects.toMatchObject({ code: 'forbidden' });
    await a.$executeRaw`ALTER TABLE "ApiKey" DISABLE TRIGGER "ApiKey_unverified_insert"`;
    const { key: sneaked } = await createApiKey(a, userId, 'inserted with the trigger off').finally(
      () => a.$executeRaw`ALTER TABLE "ApiKey" ENABLE TRIGGER "ApiKey_unverified_insert"`,
    );
    await a.apiKey.update({ where: { id: sneaked.id }, data: { revokedAt: new Date() } });
    await expect(refuseUnverifiedKey(a.apiKey.update({ where: { id: sneaked.id }, data: { revokedAt: null } }))).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await a.apiKey.count({ where: { userId, revokedAt: null } })).toBe(0);
    // Verified, the account may hold keys.
    await a.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
    await createApiKey(b, userId, 'after verification');
    expect(await a.apiKey.count({ where: { userId, revokedAt: null } })).toBe(1);
  });
});
