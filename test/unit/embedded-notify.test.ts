// The embedded server reports the database's notifications to its own process: the scanner reads
// NotificationResponse messages however the byte stream is split, and a change that can alter an
// API key's owner, made by another client over the socket (as the operator command does), is
// reported before that client's statement is answered; other key updates report nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { disableUser, setPlan } from '@/lib/accounts/users';
import type { Db } from '@/lib/db/client';
import { notificationScanner } from '@/lib/db/embedded';
import { migrate, readMigrations } from '@/lib/db/migrate';
import { createAccountWithKey, temporaryEmbeddedServer, type TemporaryEmbeddedServer } from '../helpers/fixtures';

function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function notification(pid: number, channel: string, payload: string): Uint8Array {
  const text = new TextEncoder().encode(`${channel}\0${payload}\0`);
  const body = new Uint8Array(4 + text.length);
  new DataView(body.buffer).setInt32(0, pid);
  body.set(text, 4);
  return message('A', body);
}

const concat = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const text = (s: string) => new TextEncoder().encode(`${s}\0`);

describe('notificationScanner', () => {
  // CommandComplete, a notification, an empty-bodied message, a notification whose pid bytes look
  // like a message type, ReadyForQuery: the shape of a COMMIT's answer.
  const parts = [
    message('C', text('COMMIT')),
    notification(42, 'yamljson_auth', 'ApiKey key_1'),
    message('I', new Uint8Array(0)),
    notification(0x41414141, 'chännel', 'ünïcode payload ✓'),
    message('Z', new Uint8Array([0x49])),
  ];
  const stream = concat(parts);
  const expected = [
    ['yamljson_auth', 'ApiKey key_1'],
    ['chännel', 'ünïcode payload ✓'],
  ];
  // Where each notification's last byte is.
  const ends = [parts[0]!.length + parts[1]!.length, parts.slice(0, 4).reduce((n, p) => n + p.length, 0)];

  it('reads the notifications of a stream in one chunk, in two at every split, and byte by byte', () => {
    const whole: string[][] = [];
    notificationScanner((c, p) => whole.push([c, p]))(stream);
    expect(whole).toStrictEqual(expected);

    for (let split = 0; split <= stream.length; split++) {
      const seen: string[][] = [];
      const scan = notificationScanner((c, p) => seen.push([c, p]));
      scan(stream.subarray(0, split));
      // Reported with the chunk that completes it, not later.
      expect(seen.length, `split at ${split}`).toBe(ends.filter((e) => e <= split).length);
      scan(stream.subarray(split));
      expect(seen, `split at ${split}`).toStrictEqual(expected);
    }

    const seen: string[][] = [];
    const scan = notificationScanner((c, p) => seen.push([c, p]));
    for (let i = 0; i < stream.length; i++) scan(stream.subarray(i, i + 1));
    expect(seen).toStrictEqual(expected);
  });

  it('reads nothing more from a stream that is not made of messages', () => {
    const seen: string[][] = [];
    const scan = notificationScanner((c, p) => seen.push([c, p]));
    scan(concat([new Uint8Array([0x41, 0, 0, 0, 1]), notification(1, 'a', 'b')]));
    expect(seen).toStrictEqual([]);
  });
});

describe('notifications from the embedded database', () => {
  let server: TemporaryEmbeddedServer;
  let app: Db;
  /** Another client over the socket, like the operator command. */
  let operator: Db;
  const seen: string[] = [];

  beforeAll(async () => {
    // Not migrated: migrating is the first test.
    server = await temporaryEmbeddedServer('notify', {
      onNotification: (channel, payload) => seen.push(`${channel}: ${payload}`),
    });
    app = server.connect(2);
    operator = server.connect(1);
  });
  afterAll(() => server?.stop());
  beforeEach(() => {
    seen.length = 0;
  });

  it('the migration applies on PGlite and creates the triggers', async () => {
    const result = await migrate(app);
    expect(result.applied).toStrictEqual(readMigrations().map((m) => m.name));
    expect(result.applied).toContain('20261122100000_auth_change_notify');
    const triggers = await app.$queryRaw<Array<{ tgname: string }>>`
      SELECT t.tgname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND p.proname = 'yamljson_notify_auth_change' ORDER BY t.tgname`;
    expect(triggers.map((t) => t.tgname)).toStrictEqual(['ApiKey_auth_delete', 'ApiKey_auth_update', 'User_auth_delete', 'User_auth_update']);
  });

  /** What had been reported when the operator's change was answered. */
  const seenWhenAnswered = <T>(change: Promise<T>) => change.then(() => [...seen]);

  const account = () => createAccountWithKey(app, { label: 'notify', keyName: 'k' });

  it('creating accounts and keys, and updating a key’s last use or name, report nothing', async () => {
    const { userId, keyId } = await account();
    await operator.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: new Date() } });
    await renameApiKey(operator, userId, keyId, 'renamed');
    // A change that does report, on the same connection, after them: it alone is seen.
    expect(await seenWhenAnswered(revokeApiKey(operator, userId, keyId))).toStrictEqual([`yamljson_auth: ApiKey ${keyId}`]);
  });

  it('revoking a key is reported before the revoking client is answered', async () => {
    const { userId, keyId } = await account();
    expect(await seenWhenAnswered(revokeApiKey(operator, userId, keyId))).toStrictEqual([`yamljson_auth: ApiKey ${keyId}`]);
  });

  it('changing a plan is reported before the client is answered', async () => {
    const { userId } = await account();
    expect(await seenWhenAnswered(setPlan(operator, userId, 'pro'))).toStrictEqual([`yamljson_auth: User ${userId}`]);
  });

  it('disabling an account is reported before the client is answered', async () => {
    const { userId, email } = await account();
    expect(await seenWhenAnswered(disableUser(operator, email))).toStrictEqual([`yamljson_auth: User ${userId}`]);
  });

  it('deleting an account is reported (and its keys’ deletion) before the client is answered', async () => {
    const { userId, keyId } = await account();
    const reported = await seenWhenAnswered(operator.user.delete({ where: { id: userId } }));
    expect(reported.sort()).toStrictEqual([`yamljson_auth: ApiKey ${keyId}`, `yamljson_auth: User ${userId}`]);
  });

  it('in an explicit transaction, the change is reported at COMMIT, not before; a rollback reports nothing', async () => {
    const { userId, keyId } = await account();
    await expect(
      operator.$transaction(async (tx) => {
        await tx.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toStrictEqual([]);

    let inside: string[] = [];
    const reported = await seenWhenAnswered(
      operator.$transaction(async (tx) => {
        await tx.user.update({ where: { id: userId }, data: { plan: 'enterprise' } });
        await tx.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
        inside = [...seen];
      }),
    );
    expect(inside).toStrictEqual([]);
    expect(reported.sort()).toStrictEqual([`yamljson_auth: ApiKey ${keyId}`, `yamljson_auth: User ${userId}`]);
    // The clients that received the notification messages keep working.
    expect((await operator.user.findUniqueOrThrow({ where: { id: userId } })).plan).toBe('enterprise');
    expect(await app.apiKey.count({ where: { id: keyId, revokedAt: { not: null } } })).toBe(1);
  });
});
