// `yamljson validate --schema auto` and `--schema NAME`, offline, with the catalog the CLI ships beside its
// bundle: each file's schema picked by its path (a path no pattern matches, or one that asks for a schema
// SchemaStore hosts elsewhere, checked for syntax only, with a warning), GitHub annotations, `yamljson
// schemas`, and the usage errors (exit 2) of a name the catalog does not have.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, runCli, tempDir } from './run-cli';

const FILES: Record<string, string> = {
  '.github/workflows/ci.yml':
    'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
  '.github/workflows/broken.yml': 'on: push\njobs:\n  test:\n    steps:\n      - run: npm test\n',
  'k8s/base/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n',
  'k8s/base/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: web, name: api}\n',
  'charts/web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0\n',
  'docker-compose.yml': 'services:\n  web:\n    image: nginx\n',
};

let dir: string;

beforeAll(() => {
  requireBuiltCli();
  dir = tempDir('catalog');
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate --schema auto', () => {
  it("picks each file's schema by its path; paths no pattern matches are checked for syntax only", async () => {
    const r = await runCli(['validate', '--schema', 'auto', 'k8s/**/*.yaml', '.github/workflows/*.yml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('k8s/base/deployment.yaml: valid\n.github/workflows/ci.yml: valid (GitHub Workflow)\n');
    expect(r.stderr).toBe(
      [
        'k8s/base/deployment.yaml: warning: no catalog schema matches this path: checked as YAML/JSON only',
        'k8s/base/service.yaml: warning: no catalog schema matches this path: checked as YAML/JSON only',
        'k8s/base/service.yaml:3:23: error: Duplicate key "name": first at column 12, again at column 23 of line 3. (DUPLICATE_KEY)',
        '.github/workflows/broken.yml:3:3: error: /jobs/test must have the property "runs-on". (SCHEMA_REQUIRED)',
        '.github/workflows/broken.yml:3:3: error: /jobs/test must have the property "uses". (SCHEMA_REQUIRED)',
        '.github/workflows/broken.yml:4:5: error: /jobs/test has the property "steps", which the schema does not allow. (SCHEMA_ADDITIONAL_PROPERTY)',
        '.github/workflows/broken.yml:4:5: error: /jobs/test must match exactly one schema in oneOf. (SCHEMA_COMBINATOR)',
        'yamljson: 2 of 4 files invalid.',
        '',
      ].join('\n'),
    );
  });

  it('--format github: ::error annotations at each violation, ::warning for the paths checked for syntax only', async () => {
    const r = await runCli(
      ['validate', '--schema', 'auto', '--format', 'github', 'charts/web/Chart.yaml', 'docker-compose.yml', 'k8s/base/deployment.yaml'],
      {
        cwd: dir,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toStrictEqual([
      '::error file=charts/web/Chart.yaml,line=3,col=10::/version must be string. (SCHEMA_TYPE)',
      '::warning file=docker-compose.yml::the catalog\'s "docker-compose.yml" schema (**/docker-compose.yml) is not built in (https://raw.githubusercontent.com/compose-spec/compose-go/master/schema/compose-spec.json): checked as YAML/JSON only; pass it with --schema',
      '::warning file=k8s/base/deployment.yaml::no catalog schema matches this path: checked as YAML/JSON only',
    ]);
  });
});

describe('validate --schema NAME', () => {
  it('takes a catalog name or id, any letter case', async () => {
    for (const name of ['Helm Chart.yaml', 'chart', 'CHART']) {
      const r = await runCli(['validate', '--schema', name, 'charts/web/Chart.yaml'], { cwd: dir });
      expect(r).toStrictEqual({ code: 1, stdout: '', stderr: 'charts/web/Chart.yaml:3:10: error: /version must be string. (SCHEMA_TYPE)\n' });
    }
    const ok = await runCli(['validate', '--schema', 'github-workflow', '.github/workflows/ci.yml'], { cwd: dir });
    expect(ok).toStrictEqual({ code: 0, stdout: '.github/workflows/ci.yml: valid (GitHub Workflow)\n', stderr: '' });
  });

  it('a name the catalog does not have, or a schema it cannot use: exit 2', async () => {
    expect(await runCli(['validate', '--schema', 'no-such-schema', 'charts/web/Chart.yaml'], { cwd: dir })).toStrictEqual({
      code: 2,
      stdout: '',
      stderr:
        "yamljson: --schema no-such-schema: no such file, and no catalog schema has that name or id (yamljson schemas lists them; --schema auto picks one by each file's path).\n",
    });
    const unusable = await runCli(['validate', '--schema', 'openapi.json', 'charts/web/Chart.yaml'], { cwd: dir });
    expect(unusable.code).toBe(2);
    expect(unusable.stderr).toBe(
      'yamljson: --schema openapi.json: The catalog schema "openapi-3.X" (openapi.json) cannot be used: its $ref "https://spec.openapis.org/oas/3.0/schema/2024-10-18" points outside the catalog, and schemas are never fetched.\n',
    );
  });
});

describe('yamljson schemas', () => {
  it('lists the usable catalog schemas whose id or name has the word', async () => {
    expect(await runCli(['schemas', 'helm'], { cwd: dir })).toStrictEqual({
      code: 0,
      stdout: 'chart\tHelm Chart.yaml\nchart-lock\tHelm Chart.lock\nhelmfile\thelmfile\n',
      stderr: '',
    });
    const all = await runCli(['schemas'], { cwd: dir });
    expect(all.stdout.split('\n').filter(Boolean)).toHaveLength(644);
  });
});
