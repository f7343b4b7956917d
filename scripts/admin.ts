// Operator command for scripts and tests:
//   npm run admin -- create-key --email <email> [--plan free|pro|enterprise] [--name <name>]
//     creates the account if needed (random password), sets the plan when given, prints only the key.
//   npm run admin -- set-plan --email <email> --plan <plan>
//     the operator's way to grant a larger plan (accounts can only move down themselves, unless
//     YAMLJSON_SELF_SERVE_UPGRADES=on).
//   npm run admin -- reset-password --email <email>
//     sets a new random password, prints only it, and ends every session of the account.
//   npm run admin -- disable-account --email <email>
//     refuses the account's keys and sign-in, and ends its sessions.
//   npm run admin -- outbox [--limit <n>] [--email <email>]
//     prints the newest mails of the outbox (default 20), with their links and whether they were sent:
//     without SMTP_URL this is how an operator hands someone their verification or reset link.
import { parseArgs } from 'node:util';
import { createApiKey } from '@/lib/accounts/api-keys';
import { isAccountError } from '@/lib/accounts/errors';
import { PLAN_IDS } from '@/lib/accounts/plans';
import { randomBase62 } from '@/lib/accounts/ids';
import { disableUser, ensureUser, findUserByEmail, setPassword, setPlan } from '@/lib/accounts/users';
import { refuseUnverifiedKey } from '@/lib/accounts/verification';
import { readConfig } from '@/lib/config';
import { connectForTool } from '@/lib/db/connect';
import type { Db } from '@/lib/db/client';
import { errorMessage } from '@/lib/errors/error-message';
import { mailStatus, recentMails } from '@/lib/mail/outbox';

const USAGE = `Usage:
  npm run admin -- create-key --email <email> [--plan ${PLAN_IDS.join('|')}] [--name <name>]
  npm run admin -- set-plan --email <email> --plan ${PLAN_IDS.join('|')}
  npm run admin -- reset-password --email <email>
  npm run admin -- disable-account --email <email>
  npm run admin -- outbox [--limit <n>] [--email <email>]`;

/** Mails listed by `outbox` unless --limit says otherwise, and the most it lists. */
const OUTBOX_DEFAULT_LIMIT = 20;
const OUTBOX_MAX_LIMIT = 1000;

/** `outbox`: the newest mails first, each with its status, then its text (links included), indented. */
async function printOutbox(db: Db, limitText: string | undefined, email: string | undefined, smtpConfigured: boolean): Promise<void> {
  const limit = limitText === undefined ? OUTBOX_DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > OUTBOX_MAX_LIMIT)
    throw new UsageError(`--limit must be a whole number from 1 to ${OUTBOX_MAX_LIMIT}.`);
  const mails = (await recentMails(db, email ? OUTBOX_MAX_LIMIT : limit))
    .filter((mail) => !email || mail.to === email.trim().toLowerCase())
    .slice(0, limit);
  if (mails.length === 0) {
    console.error('The outbox is empty.');
    return;
  }
  for (const mail of mails) {
    process.stdout.write(`${mail.createdAt.toISOString()}  ${mail.kind}  to ${mail.to}  [${mailStatus(mail, smtpConfigured)}]\n`);
    process.stdout.write(`  Subject: ${mail.subject}\n${mail.text.replace(/^/gm, '  | ')}\n\n`);
  }
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, plan: { type: 'string' }, name: { type: 'string' }, limit: { type: 'string' } },
    strict: true,
  });
  const config = readConfig();
  if (command === 'outbox') {
    const conn = await connectForTool(config.database);
    try {
      return await printOutbox(conn.db, values.limit, values.email, config.mail.smtpUrl !== null);
    } finally {
      await conn.close();
    }
  }
  if (!values.email) throw new UsageError('--email is required.');
  const email = values.email;
  const conn = await connectForTool(config.database);
  try {
    switch (command) {
      case 'create-key': {
        const { user, created } = await ensureUser(conn.db, email);
        if (created) console.error(`Created the account ${user.email} (with a random password).`);
        if (values.plan) await setPlan(conn.db, user.id, values.plan);
        const { secret } = await refuseUnverifiedKey(createApiKey(conn.db, user.id, values.name ?? 'admin'));
        process.stdout.write(`${secret}\n`);
        return;
      }
      case 'set-plan': {
        if (!values.plan) throw new UsageError('--plan is required.');
        const user = await findUserByEmail(conn.db, email);
        if (!user) throw new UsageError(`No account with ${email}.`);
        const updated = await setPlan(conn.db, user.id, values.plan);
        console.error(`${updated.email} is now on the ${updated.plan} plan.`);
        return;
      }
      case 'reset-password': {
        const user = await findUserByEmail(conn.db, email);
        if (!user) throw new UsageError(`No account with ${email}.`);
        const password = randomBase62(20);
        await setPassword(conn.db, user.id, password);
        console.error(`${user.email} has a new password (below); every session of the account has ended.`);
        process.stdout.write(`${password}\n`);
        return;
      }
      case 'disable-account':
        await disableUser(conn.db, email);
        console.error(`${email} is disabled: its keys are refused, it cannot sign in, and its sessions have ended.`);
        return;
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    }
  } finally {
    await conn.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || isAccountError(err) || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(`admin failed: ${errorMessage(err)}`);
  process.exit(1);
});
