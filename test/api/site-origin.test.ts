// A server whose mails would need a public address it was not given refuses to start, in one line that
// names the variable: links in mails are never built from a request's Host.
import { describe, expect, it } from 'vitest';
import { startApp } from '../setup/app-server';

describe('a server that must be told its public address', () => {
  it.each([
    ['SMTP_URL', { SMTP_URL: 'smtp://127.0.0.1:1' }, 'NEXTAUTH_URL is required when SMTP_URL is set'],
    [
      'DATABASE_URL under npm start',
      { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' },
      'NEXTAUTH_URL is required when DATABASE_URL is set under `npm start`',
    ],
  ])('with %s and no NEXTAUTH_URL, does not start, and says why', async (_name, env, message) => {
    await expect(startApp({ logName: 'site-origin-refused', env, unsetEnv: ['NEXTAUTH_URL', 'REDIS_URL'] })).rejects.toThrow(
      `[yamljson] could not start: ${message}: links in mails are built from it, never from a request (e.g. NEXTAUTH_URL=https://yamljson.example.com).`,
    );
  });
});
