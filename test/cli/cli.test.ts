// The built `yamljson` CLI run as a child process on a folder of valid and broken files: outputs, exit
// codes (0 ok, 1 invalid input, 2 usage), GitHub annotations (file, line, col), stdin/stdout, globs,
// --in-place, --out-dir, format --check, --schema, every converter flag, and the same bytes as the
// converter over the benchmark's documents (generated here, as a fresh CI clone has no bench/corpus).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS } from '@/bench/corpus-spec';
import { generateDocument } from '@/bench/documents';
import { convert, validate, type ConvertRequest } from '@/lib/converter';
import { requireBuiltCli, root, runCli, tempDir } from './run-cli';

/** The folder of valid and broken files, and where each broken one breaks. */
const FILES: Record<string, string | Uint8Array> = {
  'good.yaml': 'name: app\nports: [80, 443]\n',
  'nested/also-good.json': '{"a": [1, 2], "b": {"c": null}}\n',
  'nested/deeper/third.yml': '# a comment\nlist:\n  - x\n  - y\n',
  'dup.yaml': 'a: 1\nb: 2\na: 3\n',
  'trailing.json': '{\n  "a": 1,\n}\n',
  'indent.yaml': 'a:\n  b: 1\n c: 2\n',
  'utf8.yaml': new Uint8Array([0x61, 0x3a, 0x20, 0xff, 0x0a]),
};
/** Each broken file's one error: line, column, code (validate() says the same, checked below). */
const BROKEN = {
  'dup.yaml': { line: 3, column: 1, code: 'DUPLICATE_KEY' },
  'indent.yaml': { line: 3, column: 2, code: 'BAD_INDENT' },
  'trailing.json': { line: 2, column: 9, code: 'TRAILING_COMMA' },
  'utf8.yaml': { line: 1, column: 4, code: 'INVALID_UTF8' },
} as const;
const VALID = ['good.yaml', 'nested/also-good.json', 'nested/deeper/third.yml'];

let dir: string;

function makeFolder(into: string): void {
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(into, name)), { recursive: true });
    writeFileSync(path.join(into, name), content);
  }
}

beforeAll(() => {
  requireBuiltCli();
  dir = tempDir('files');
  makeFolder(path.join(dir, 'docs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (name: string) => readFileSync(path.join(dir, 'docs', name), 'utf8');
const yamlToJson = (input: string, extra: Partial<ConvertRequest> = {}) => convert({ input, inputType: 'yaml', outputType: 'json', ...extra }).output;

describe('validate over the folder', () => {
  it('the positions the test expects are the converter’s own', () => {
    for (const [name, where] of Object.entries(BROKEN)) {
      if (name === 'utf8.yaml') continue;
      const errors = validate({ input: text(name), type: name.endsWith('.json') ? 'json' : 'yaml' }).errors;
      expect(errors.map(({ line, column, code }) => ({ line, column, code }))).toStrictEqual([where]);
    }
  });

  it('lists each valid file, prints file:line:col for each broken one, exits 1', async () => {
    const r = await runCli(['validate', 'docs'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean).sort()).toStrictEqual(VALID.map((f) => `docs/${f}: valid`).sort());
    for (const [name, { line, column, code }] of Object.entries(BROKEN)) {
      expect(r.stderr).toContain(`docs/${name}:${line}:${column}: error: `);
      expect(r.stderr).toMatch(new RegExp(`docs/${name.replace('.', '\\.')}:${line}:${column}: error: .*\\(${code}\\)\\n`));
    }
    expect(r.stderr).toContain('yamljson: 4 of 7 files invalid.');
  });

  it('--format github prints one ::error annotation per problem with file, line and col exactly', async () => {
    const r = await runCli(['validate', 'docs', '--format', 'github'], { cwd: dir });
    expect(r.code).toBe(1);
    const annotations = r.stderr.split('\n').filter((l) => l.startsWith('::'));
    const expected = Object.entries(BROKEN).map(([name, { line, column }]) => `::error file=docs/${name},line=${line},col=${column}::`);
    expect(annotations.map((a) => a.slice(0, a.indexOf('::', 2) + 2)).sort()).toStrictEqual(expected.sort());
    const dup = annotations.find((a) => a.includes('dup.yaml'))!;
    expect(dup).toBe('::error file=docs/dup.yaml,line=3,col=1::Duplicate key "a": first on line 1, again on line 3. (DUPLICATE_KEY)');
    // Nothing but annotations on stderr in this mode: the summary line is for people.
    expect(r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('::'))).toStrictEqual([]);
  });

  it('exits 0 when every file is valid, with globs expanded by the CLI itself', async () => {
    const r = await runCli(['validate', 'docs/nested/**/*.{yml,json}', 'docs/good.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // `**/` matches no folder too (also-good.json) and any depth (deeper/third.yml).
    expect(r.stdout).toBe('docs/nested/also-good.json: valid\ndocs/nested/deeper/third.yml: valid\ndocs/good.yaml: valid\n');
  });

  it('exit 1 comes from trailing.json under strict JSON, 0 with --type jsonc', async () => {
    expect((await runCli(['validate', 'docs/trailing.json'], { cwd: dir })).code).toBe(1);
    const r = await runCli(['validate', 'docs/trailing.json', '--type', 'jsonc'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: 'docs/trailing.json: valid\n' });
  });

  it('--schema: a violation is reported at the value’s line and column; a conforming file exits 0', async () => {
    writeFileSync(
      path.join(dir, 'schema.json'),
      JSON.stringify({ type: 'object', properties: { ports: { type: 'array', items: { type: 'integer', maximum: 100 } } } }),
    );
    const bad = await runCli(['validate', 'docs/good.yaml', '--schema', 'schema.json', '--format', 'github'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^::error file=docs\/good\.yaml,line=2,col=13::\/ports\/1 must be <= 100\. \(SCHEMA_RANGE\)\n$/);
    const good = await runCli(['validate', 'docs/nested/also-good.json', '--schema', 'schema.json'], { cwd: dir });
    expect(good).toMatchObject({ code: 0, stderr: '' });
  });

  it('a schema that is not a schema, or not there, is a usage error (2)', async () => {
    writeFileSync(path.join(dir, 'not-a-schema.json'), '{"type": 12}');
    const bad = await runCli(['validate', 'docs/good.yaml', '--schema', 'not-a-schema.json'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^yamljson: .*schema/i);
    const missing = await runCli(['validate', 'docs/good.yaml', '--schema', 'nope.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--schema nope.json: ');
  });
});

describe('convert', () => {
  it('stdin to stdout: the converter’s output, byte for byte', async () => {
    const input = text('nested/deeper/third.yml');
    const r = await runCli(['convert', '--to', 'json'], { cwd: dir, stdin: input });
    expect(r).toStrictEqual({ code: 0, stdout: yamlToJson(input), stderr: '' });
    const back = await runCli(['convert', '-', '--to', 'yaml'], { cwd: dir, stdin: r.stdout });
    expect(back.stdout).toBe(convert({ input: r.stdout, inputType: 'json', outputType: 'yaml' }).output);
  });

  it('invalid input on stdin: exit 1, the position on stderr, nothing on stdout', async () => {
    const r = await runCli(['convert', '--to', 'json'], { cwd: dir, stdin: FILES['dup.yaml'] });
    expect(r).toStrictEqual({ code: 1, stdout: '', stderr: expect.stringMatching(/^<stdin>:3:1: error: Duplicate key/) });
  });

  it('--out-dir keeps the paths below the folder; broken files are reported and the rest written', async () => {
    const out = path.join(dir, 'out-json');
    const r = await runCli(['convert', 'docs', '--to', 'json', '--out-dir', 'out-json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    // convert reads JSON leniently (comments, trailing commas), as the API does: trailing.json converts.
    expect(r.stderr).toContain('yamljson: 3 of 7 files invalid.\nyamljson: wrote 4 files.\n');
    expect(listFiles(out)).toStrictEqual(['good.json', 'nested/also-good.json', 'nested/deeper/third.json', 'trailing.json']);
    expect(readFileSync(path.join(out, 'good.json'), 'utf8')).toBe(yamlToJson(text('good.yaml')));
    expect(readFileSync(path.join(out, 'nested/deeper/third.json'), 'utf8')).toBe(yamlToJson(text('nested/deeper/third.yml')));
    expect(readFileSync(path.join(out, 'nested/also-good.json'), 'utf8')).toBe(
      convert({ input: text('nested/also-good.json'), inputType: 'json', outputType: 'json' }).output,
    );
  });

  it('a glob with --out-dir writes paths below the glob’s fixed folder', async () => {
    const r = await runCli(['convert', 'docs/nested/**/*.yml', '--out-dir', 'out-glob'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(listFiles(path.join(dir, 'out-glob'))).toStrictEqual(['deeper/third.json']);
  });

  it('--in-place replaces a.yaml by a.json; a broken file is left as it was', async () => {
    const work = path.join(dir, 'in-place');
    makeFolder(work);
    const r = await runCli(['convert', 'in-place/good.yaml', 'in-place/dup.yaml', '--in-place'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(existsSync(path.join(work, 'good.yaml'))).toBe(false);
    expect(readFileSync(path.join(work, 'good.json'), 'utf8')).toBe(yamlToJson(FILES['good.yaml'] as string));
    expect(readFileSync(path.join(work, 'dup.yaml'), 'utf8')).toBe(FILES['dup.yaml']);
    expect(existsSync(path.join(work, 'dup.json'))).toBe(false);
  });

  it('every converter option of the API is a flag and gives convert()’s output', async () => {
    const yaml = '# top\nbase: &b {z: 1, a: "two words here and more words to fold at forty"}\nuse: *b\nlist: [yes, no, 0755]\n';
    const json = '{"b": 2, "a": [1, {"y": true}], // note\n "s": "a string that is long enough to be folded at twenty"}';
    const cases: Array<{ args: string[]; stdin: string; request: ConvertRequest }> = [
      {
        args: ['--to', 'json', '--indent', '4', '--sort-keys'],
        stdin: yaml,
        request: { input: yaml, inputType: 'yaml', outputType: 'json', indent: 4, sortKeys: true },
      },
      {
        args: ['--to', 'json', '--json-style', 'compact'],
        stdin: yaml,
        request: { input: yaml, inputType: 'yaml', outputType: 'json', jsonStyle: 'compact' },
      },
      {
        args: ['--to', 'json', '--preserve-comments'],
        stdin: yaml,
        request: { input: yaml, inputType: 'yaml', outputType: 'json', preserveComments: true },
      },
      {
        args: ['--to', 'json', '--yaml-version', '1.1'],
        stdin: yaml,
        request: { input: yaml, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' },
      },
      {
        args: ['--from', 'yaml', '--to', 'yaml', '--preserve-anchors', '--preserve-comments'],
        stdin: yaml,
        request: { input: yaml, inputType: 'yaml', outputType: 'yaml', preserveAnchors: true, preserveComments: true },
      },
      {
        args: ['--from', 'json', '--to', 'yaml', '--flow-level', '1', '--quote-style', 'double', '--line-width', '20'],
        stdin: json,
        request: { input: json, inputType: 'json', outputType: 'yaml', flowLevel: 1, quoteStyle: 'double', lineWidth: 20 },
      },
      {
        args: ['--to', 'yaml', '--quote-style', 'single', '--indent', '4'],
        stdin: json,
        request: { input: json, inputType: 'json', outputType: 'yaml', quoteStyle: 'single', indent: 4 },
      },
    ];
    const outputs = new Set<string>();
    for (const { args, stdin, request } of cases) {
      const r = await runCli(['convert', ...args, '--quiet'], { cwd: dir, stdin });
      expect({ args, code: r.code, stdout: r.stdout }).toStrictEqual({ args, code: 0, stdout: convert(request).output });
      outputs.add(r.stdout);
    }
    // Each flag changed something: no case passes by giving the default output.
    expect(outputs.size).toBe(cases.length);
  });

  it('warnings go to stderr, the output stays clean', async () => {
    const r = await runCli(['convert', '--to', 'json', '--preserve-comments'], { cwd: dir, stdin: '# c\na: 1\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(yamlToJson('# c\na: 1\n', { preserveComments: true }));
    expect(r.stderr).toBe('<stdin>: warning: preserveComments: the output is JSONC (JSON with comments), not strict JSON.\n');
  });

  it('a document past a safety limit is invalid input (1), with the converter’s message', async () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      laughs.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const r = await runCli(['convert', '--to', 'json'], { cwd: dir, stdin: `${laughs.join('\n')}\n` });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^<stdin>: error: .+\n$/);
  });
});

describe('format', () => {
  it('--check lists the files that would change and exits 1; after --in-place it exits 0', async () => {
    const work = path.join(dir, 'fmt');
    mkdirSync(work);
    writeFileSync(path.join(work, 'flow.yaml'), '# keep me\nbase:   &b\n    x: 1   # one\nuse: *b\nports: [80, 443]\n');
    writeFileSync(path.join(work, 'tidy.yaml'), 'a: 1\n');
    writeFileSync(path.join(work, 'ugly.json'), '{"a":1,"b":[true]}');
    const check = await runCli(['format', 'fmt', '--check'], { cwd: dir });
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('fmt/flow.yaml\nfmt/ugly.json\n');
    expect(check.stderr).toBe('yamljson: 2 files would be reformatted.\n');
    const github = await runCli(['format', 'fmt', '--check', '--format', 'github'], { cwd: dir });
    expect(github.stderr).toContain('::error file=fmt/flow.yaml::yamljson format would change this file');

    const write = await runCli(['format', 'fmt', '--in-place'], { cwd: dir });
    expect(write.code).toBe(0);
    const flow = readFileSync(path.join(work, 'flow.yaml'), 'utf8');
    // Comments and anchors are kept by default: the API's format with both preserve flags.
    expect(flow).toBe(
      convert({
        input: '# keep me\nbase:   &b\n    x: 1   # one\nuse: *b\nports: [80, 443]\n',
        inputType: 'yaml',
        outputType: 'yaml',
        preserveComments: true,
        preserveAnchors: true,
      }).output,
    );
    expect(flow).toContain('# keep me');
    expect(flow).toContain('*b');
    expect(await runCli(['format', 'fmt', '--check'], { cwd: dir })).toStrictEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('stdin to stdout, and a broken file exits 1 with its position', async () => {
    const r = await runCli(['format', '--type', 'json', '--indent', '4'], { cwd: dir, stdin: '{"a":[1]}' });
    expect(r).toStrictEqual({ code: 0, stdout: '{\n    "a": [\n        1\n    ]\n}\n', stderr: '' });
    const bad = await runCli(['format', 'docs/indent.yaml', '--check'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('docs/indent.yaml:3:2: error: ');
  });
});

describe('usage errors exit 2 with a clear message', () => {
  const cases: Array<[string[], RegExp]> = [
    [[], /No command given/],
    [['transmogrify'], /Unknown command "transmogrify"/],
    [['convert', '--bogus'], /Unknown option '--bogus'/],
    [['convert', 'docs/missing.yaml'], /docs\/missing\.yaml: no such file or folder/],
    [['convert', 'docs/*.toml'], /docs\/\*\.toml: no file matches/],
    [['convert', '--to', 'xml'], /--to "xml": accepted: yaml \(or yml\), json/],
    [['convert', '--indent', '3'], /--indent cannot be 3; accepted: 2 or 4/],
    [['convert', '--yaml-version', '1.3'], /--yaml-version must be "1.1" or "1.2", not "1.3"/],
    [['convert', '--line-width', 'wide'], /--line-width "wide": expected an integer/],
    [['convert', '--in-place'], /--in-place needs files/],
    [['convert', 'docs/good.yaml', '--in-place', '--out-dir', 'x'], /cannot be used together/],
    [['validate', '--sort-keys'], /does not take --sort-keys/],
    [['convert', '--to', 'json', '--json-style', 'compact', '--preserve-comments'], /cannot be combined with preserveComments/],
    [['convert', '--remote'], /set YAMLJSON_URL/],
  ];
  for (const [args, message] of cases) {
    it(`yamljson ${args.join(' ')}`, async () => {
      const r = await runCli(args, { cwd: dir, stdin: 'a: 1\n' });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^yamljson: /);
      expect(r.stderr).toMatch(message);
    });
  }

  it('--help and --version answer on stdout with 0', async () => {
    const help = await runCli(['--help'], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('yamljson convert');
    const version = await runCli(['--version'], { cwd: dir });
    const pkg = JSON.parse(readFileSync(path.join(root, 'packages/cli/package.json'), 'utf8')) as { version: string };
    expect(version).toStrictEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});

describe('installed in the repository', () => {
  it('npx yamljson runs the workspace’s bin from the repository (linked by npm ci)', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'packages/cli/package.json'), 'utf8')) as { version: string };
    // --no: never fetch a package of that name from the registry; only the local bin may answer.
    const r = spawnSync('npx', ['--no', '--', 'yamljson', '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_offline: 'true' },
    });
    expect({ status: r.status, stdout: r.stdout }).toStrictEqual({ status: 0, stdout: `${pkg.version}\n` });
  });
});

describe('the bench corpus documents: the CLI’s files are convert()’s output byte for byte', () => {
  it('one yamljson convert over a folder of the six corpus documents at 10 KB, both ways', async () => {
    const corpus = path.join(dir, 'corpus');
    mkdirSync(corpus);
    const inputs = new Map<string, string>();
    for (const [i, { name }] of DOCUMENTS.entries()) {
      const input = generateDocument(name, 10 * 1024, 1000 + i).text;
      inputs.set(name, input);
      writeFileSync(path.join(corpus, `${name}.yaml`), input);
    }
    const toJson = await runCli(['convert', 'corpus', '--to', 'json', '--out-dir', 'corpus-json', '--quiet'], { cwd: dir });
    expect(toJson).toStrictEqual({ code: 0, stdout: '', stderr: '' });
    const toYaml = await runCli(['convert', 'corpus-json', '--to', 'yaml', '--out-dir', 'corpus-yaml', '--quiet'], { cwd: dir });
    expect(toYaml.code).toBe(0);
    const withComments = await runCli(['convert', 'corpus', '--to', 'yaml', '--preserve-comments', '--out-dir', 'corpus-yy', '--quiet'], {
      cwd: dir,
    });
    expect(withComments.code).toBe(0);
    for (const [name, input] of inputs) {
      const json = convert({ input, inputType: 'yaml', outputType: 'json' }).output;
      expect(readFileSync(path.join(dir, 'corpus-json', `${name}.json`), 'utf8') === json, `${name}.json`).toBe(true);
      const yaml = convert({ input: json, inputType: 'json', outputType: 'yaml' }).output;
      expect(readFileSync(path.join(dir, 'corpus-yaml', `${name}.yaml`), 'utf8') === yaml, `${name} back to YAML`).toBe(true);
      const yy = convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments: true }).output;
      expect(readFileSync(path.join(dir, 'corpus-yy', `${name}.yaml`), 'utf8') === yy, `${name} YAML -> YAML with comments`).toBe(true);
    }
  });
});

function listFiles(folder: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) out.push(...listFiles(path.join(folder, entry.name), `${prefix}${entry.name}/`));
    else out.push(`${prefix}${entry.name}`);
  }
  return out;
}
