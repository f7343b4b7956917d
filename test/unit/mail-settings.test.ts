// SMTP_URL and MAIL_FROM as the configuration reads them, and the bounded retry delays of delivery.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/config';
import { DEFAULT_RETRY, retryDelayMs } from '@/lib/mail/mailer';

describe('mail settings', () => {
  it('SMTP_URL is an smtp:// or smtps:// URL, or unset (mails stay in the outbox)', () => {
    expect(loadConfig({}).mail).toStrictEqual({ smtpUrl: null, from: 'yamljson <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).mail.smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be/);
  });

  it("MAIL_FROM's default is at the site's host", () => {
    expect(loadConfig({ NEXTAUTH_URL: 'https://yamljson.example.com' }).mail.from).toBe('yamljson <no-reply@yamljson.example.com>');
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).mail.from).toBe('Ops <ops@example.com>');
  });

  it('retries back off by doubling, bounded by the policy', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts))).toStrictEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelayMs(9)).toBe(256_000);
    expect(retryDelayMs(10)).toBe(DEFAULT_RETRY.maxDelayMs);
    expect(retryDelayMs(10_000)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});
