// The log scanner that ends `npm test` (scripts/scan-logs.ts over test-results/): it must find every
// kind of secret planted in a log, report it masked, and pass clean logs (the request log's own fields).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findSecrets, mailedTokens } from '@/lib/observability/secret-scan';
import { GOOD_PASSWORD } from '../helpers/fixtures';
import { TEST_METRICS_TOKEN } from './secrets';

const root = path.resolve(__dirname, '../..');
const KEY = `yj_${'Ab3'.repeat(10)}xy`;

/** A request line as the server writes it: nothing secret in it. */
const CLEAN_LINE = JSON.stringify({
  level: 'info',
  requestId: 'req_UGOYTJEnOfTLBTvPpqjx',
  accountId: 'usr_4kd93nd8sl2kd93nd8sl',
  keyPrefix: 'yj_Ab3Ab3Ab',
  route: '/api/dashboard/keys/[id]/revoke',
  status: 401,
  errorCode: 'unauthorized',
  msg: 'request',
});

describe('findSecrets', () => {
  it('passes the request log line (a key prefix is not a key)', () => {
    expect(findSecrets(`${CLEAN_LINE}\n${CLEAN_LINE}\n`, [GOOD_PASSWORD])).toStrictEqual([]);
    // A URL without a password, and the 401's own wording, are not secrets.
    const notSecrets = '{"url":"postgresql://postgres@127.0.0.1:5432/test","msg":"send \\"Authorization: Bearer <key>\\""}';
    expect(findSecrets(notSecrets)).toStrictEqual([]);
  });

  it.each([
    ['API key', `{"msg":"lookup","detail":"${KEY}"}`],
    ['Authorization: Bearer credential', '{"headers":"Authorization: Bearer abcdefgh12345678"}'],
    ['session cookie', 'cookie: next-auth.session-token=abc123def456; Path=/'],
    ['JWT/JWE', '{"token":"x","jwt":"eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..abc"}'],
    ['token value', 'GET /verify-email?token=jWRxGS1fv6nB0Yk7wqIQ8iElZ54VlZUR 200'],
    ['password hash', '{"passwordHash":"scrypt$16384$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5"}'],
    ['password in a URL', '{"msg":"mail: sending through smtps://mailer:s3cr3t-pass@smtp.example.com:465"}'],
  ])('finds a planted %s', (rule, line) => {
    const findings = findSecrets(`${CLEAN_LINE}\n${line}\n`);
    expect(findings.map((f) => [f.rule, f.line])).toContainEqual([rule, 2]);
  });

  it('finds the literal secrets it is given (the fixtures password, the metrics token), on their lines', () => {
    const text = `${CLEAN_LINE}\nsign-in failed for password ${GOOD_PASSWORD}\n${CLEAN_LINE}\nscrape with ${TEST_METRICS_TOKEN}\n`;
    expect(findSecrets(text, [GOOD_PASSWORD, TEST_METRICS_TOKEN]).map((f) => [f.rule, f.line])).toStrictEqual([
      ['known secret', 2],
      ['known secret', 4],
    ]);
  });

  it('masks what it reports', () => {
    const [finding] = findSecrets(`key ${KEY}`);
    expect(finding!.masked).not.toContain(KEY.slice(4, 30));
    expect(finding!.masked.startsWith('yj_A')).toBe(true);
  });

  it("reads the tokens of captured mail (the tests' verification links)", () => {
    const mail = JSON.stringify({ text: 'open http://127.0.0.1:1/verify-email?token=Da3MgSTDWNIQP0BlRLV7jzxjnN2jAb9J\n' });
    expect(mailedTokens(mail)).toStrictEqual(['Da3MgSTDWNIQP0BlRLV7jzxjnN2jAb9J']);
  });
});

describe('scripts/scan-logs.ts', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const scan = (folder: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'scan-logs.ts'), folder], { cwd: root, encoding: 'utf8' });

  it('fails on a key planted in a nested log file, naming file and line without the key', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-scan-'));
    mkdirSync(path.join(dir, 'nested'));
    writeFileSync(path.join(dir, 'clean.log'), `${CLEAN_LINE}\n`);
    writeFileSync(path.join(dir, 'nested', 'server.log'), `${CLEAN_LINE}\n${CLEAN_LINE}\n{"err":"unknown key ${KEY}"}\n`);
    const run = scan(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join('nested', 'server.log')}:3: API key`);
    expect(run.stderr).not.toContain(KEY);
  });

  it('fails on a token that was mailed during the run (captured mail, *.jsonl) and then logged', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-scan-'));
    const token = 'Zq8s0000MailedToken0000';
    writeFileSync(path.join(dir, 'mailbox.jsonl'), `${JSON.stringify({ text: `http://x/reset-password?token=${token}` })}\n`);
    writeFileSync(path.join(dir, 'server.log'), `{"msg":"reset","detail":"${token}"}\n`);
    const run = scan(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('server.log:1: known secret');
  });

  it('passes clean logs and says how many it read', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'yamljson-scan-'));
    writeFileSync(path.join(dir, 'a.log'), `${CLEAN_LINE}\n`);
    writeFileSync(path.join(dir, 'b.log'), `${CLEAN_LINE}\n`);
    const run = scan(dir);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('2 log file(s)');
  });
});
