// `yamljson --remote` against the real built app (its own embedded database, a real account and key):
// the server's answers are the offline CLI's, byte for byte and error for error; a wrong or missing key
// and an unreachable server are clear usage errors (exit 2).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS } from '@/bench/corpus-spec';
import { generateDocument } from '@/bench/documents';
import { freePort } from '@/lib/free-port';
import { uniqueEmail } from '../helpers/fixtures';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';
import { requireBuiltCli, runCli, tempDir } from './run-cli';

let server: EmbeddedApp;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  requireBuiltCli();
  dir = tempDir('remote');
  mkdirSync(path.join(dir, 'corpus'));
  for (const [i, { name }] of DOCUMENTS.entries())
    writeFileSync(path.join(dir, 'corpus', `${name}.yaml`), generateDocument(name, 10 * 1024, 2000 + i).text);
  mkdirSync(path.join(dir, 'docs'));
  const docs: Record<string, string> = {
    'good.yaml': '# c\nname:    app\nports:\n    - 80\n    - 443\n',
    'dup.yaml': 'a: 1\nb: 2\na: 3\n',
    'trailing.json': '{\n  "a": 1,\n}\n',
    'tidy.json': '{\n  "a": 1\n}\n',
  };
  for (const [name, text] of Object.entries(docs)) writeFileSync(path.join(dir, 'docs', name), text);
  writeFileSync(path.join(dir, 'schema.yaml'), 'type: object\nproperties:\n  ports:\n    items: {maximum: 100}\n');
  server = await startEmbeddedApp({ logName: 'cli-remote', email: uniqueEmail('cli-remote'), plan: 'enterprise' });
  env = { YAMLJSON_URL: server.app.baseUrl, YAMLJSON_API_KEY: server.key };
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('--remote gives what the offline CLI gives', () => {
  it('convert: the bench documents, both ways, byte for byte', async () => {
    for (const [to, from, out] of [
      ['json', 'corpus', 'json'],
      ['yaml', 'local-json', 'yaml'],
    ] as const) {
      const local = await runCli(['convert', from, '--to', to, '--out-dir', `local-${out}`], { cwd: dir });
      const remote = await runCli(['convert', from, '--to', to, '--out-dir', `remote-${out}`, '--remote'], { cwd: dir, env });
      expect(remote).toStrictEqual({ ...local, stderr: 'yamljson: wrote 6 files.\n' });
      expect(local.code).toBe(0);
      const files = readdirSync(path.join(dir, `local-${out}`)).sort();
      expect(files.length).toBe(DOCUMENTS.length);
      for (const f of files) {
        expect(readFileSync(path.join(dir, `remote-${out}`, f), 'utf8') === readFileSync(path.join(dir, `local-${out}`, f), 'utf8'), f).toBe(true);
      }
    }
  });

  it('convert with flags, on stdin', async () => {
    const args = ['convert', '--to', 'yaml', '--from', 'json', '--indent', '4', '--sort-keys', '--quote-style', 'double', '--flow-level', '2'];
    const stdin = '{"z": [1, {"b": [2, 3]}], "a": "yes"}';
    const local = await runCli(args, { cwd: dir, stdin });
    expect(local.code).toBe(0);
    expect(await runCli([...args, '--remote'], { cwd: dir, stdin, env })).toStrictEqual(local);
  });

  it('validate: the same exit code and annotations, file, line and col', async () => {
    const local = await runCli(['validate', 'docs', '--format', 'github'], { cwd: dir });
    expect(local.code).toBe(1);
    expect(local.stderr).toContain('::error file=docs/dup.yaml,line=3,col=1::');
    expect(local.stderr).toContain('::error file=docs/trailing.json,line=2,col=9::');
    expect(await runCli(['validate', 'docs', '--format', 'github', '--remote'], { cwd: dir, env })).toStrictEqual(local);
  });

  it('validate --schema (a YAML schema file)', async () => {
    const local = await runCli(['validate', 'docs/good.yaml', '--schema', 'schema.yaml'], { cwd: dir });
    expect(local.code).toBe(1);
    expect(local.stderr).toMatch(/^docs\/good\.yaml:5:7: error: .*\(SCHEMA_RANGE\)\n$/);
    expect(await runCli(['validate', 'docs/good.yaml', '--schema', 'schema.yaml', '--remote'], { cwd: dir, env })).toStrictEqual(local);
  });

  it('validate --schema auto and --schema NAME: the server picks the same catalog schema, with the same answers', async () => {
    mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(path.join(dir, '.github', 'workflows', 'ci.yml'), 'on: push\njobs:\n  test:\n    steps:\n      - run: npm test\n');
    mkdirSync(path.join(dir, 'chart'), { recursive: true });
    writeFileSync(path.join(dir, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: web\nversion: 1.0.0\n');
    const auto = ['validate', '--schema', 'auto', '--format', 'github', '.github/workflows/ci.yml', 'chart/Chart.yaml', 'docs/good.yaml'];
    const local = await runCli(auto, { cwd: dir });
    expect(local.code).toBe(1);
    expect(local.stderr).toContain(
      '::error file=.github/workflows/ci.yml,line=3,col=3::/jobs/test must have the property "runs-on". (SCHEMA_REQUIRED)',
    );
    expect(local.stdout).toBe('chart/Chart.yaml: valid (Helm Chart.yaml)\ndocs/good.yaml: valid\n');
    expect(await runCli([...auto, '--remote'], { cwd: dir, env })).toStrictEqual(local);
    const byName = ['validate', '--schema', 'Helm Chart.yaml', 'chart/Chart.yaml'];
    expect(await runCli([...byName, '--remote'], { cwd: dir, env })).toStrictEqual(await runCli(byName, { cwd: dir }));
  });

  it('convert of a broken file: exit 1 and its position', async () => {
    const r = await runCli(['convert', 'docs/dup.yaml', '--remote'], { cwd: dir, env });
    expect(r).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^docs\/dup\.yaml:3:1: error: Duplicate key "a".*\(DUPLICATE_KEY\)\n$/),
    });
  });

  it('format --check', async () => {
    const local = await runCli(['format', 'docs/good.yaml', 'docs/tidy.json', '--check'], { cwd: dir });
    expect(local).toStrictEqual({ code: 1, stdout: 'docs/good.yaml\n', stderr: 'yamljson: 1 file would be reformatted.\n' });
    expect(await runCli(['format', 'docs/good.yaml', 'docs/tidy.json', '--check', '--remote'], { cwd: dir, env })).toStrictEqual(local);
  });
});

describe('--remote refusals are clear and exit 2', () => {
  it('a wrong key: the server’s 401 and what to check, nothing written', async () => {
    const r = await runCli(['convert', 'corpus', '--out-dir', 'never', '--remote'], {
      cwd: dir,
      env: { ...env, YAMLJSON_API_KEY: 'yj_0000000000000000000000000000' },
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^yamljson: the server refused the request: 401 unauthorized: .+ Check YAMLJSON_API_KEY .*\[req_[0-9A-Za-z]{20}\]\n$/);
    expect(() => readdirSync(path.join(dir, 'never'))).toThrow();
  });

  it('no key', async () => {
    const r = await runCli(['validate', 'docs/good.yaml', '--remote'], { cwd: dir, env: { YAMLJSON_URL: server.app.baseUrl } });
    expect(r).toStrictEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^yamljson: --remote needs an API key: set YAMLJSON_API_KEY/) });
  });

  it('a server that is not there', async () => {
    const port = await freePort();
    const r = await runCli(['validate', 'docs/good.yaml', '--remote'], { cwd: dir, env: { ...env, YAMLJSON_URL: `http://127.0.0.1:${port}` } });
    expect(r).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^yamljson: cannot reach the yamljson server at http:\/\/127\.0\.0\.1:\d+.*check YAMLJSON_URL/),
    });
  });
});
