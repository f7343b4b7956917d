// `npm run bench:cli`: the `yamljson` CLI against js-yaml's own CLI, converting the bench corpus's YAML
// files to JSON as a user would run each: js-yaml one process per file (`js-yaml file.yaml > file.json`,
// its CLI takes one file), yamljson one process for them all (`yamljson convert files... --out-dir`).
// Wall time of the whole job, process start-up included, median of --runs. PASS when yamljson is at
// least 2x as fast. Options: --tiers 10k,1m (default: every tier the corpus holds), --runs 3.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS_DIR, parseTiers } from './corpus-spec';

const root = path.resolve(__dirname, '..');
const REQUIRED_RATIO = 2;
const JS_YAML_BIN = path.join(root, 'node_modules', 'js-yaml', 'bin', 'js-yaml.mjs');
const YAMLJSON_BIN = path.join(root, 'packages', 'cli', 'bin', 'yamljson.cjs');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

function corpusFiles(): string[] {
  let names: string[];
  try {
    names = readdirSync(CORPUS_DIR);
  } catch {
    console.error(`No corpus in ${CORPUS_DIR}: run \`npm run bench:corpus\` first.`);
    process.exit(2);
  }
  const tiersOption = option('tiers');
  const tiers = tiersOption ? parseTiers(tiersOption) : null;
  const files = names.filter((n) => n.endsWith('.yaml') && (tiers === null || tiers.some((t) => n.endsWith(`.${t}.yaml`)))).sort();
  if (files.length === 0) {
    console.error(`No .yaml file of those tiers in ${CORPUS_DIR}: run \`npm run bench:corpus\` first.`);
    process.exit(2);
  }
  return files.map((n) => path.join(CORPUS_DIR, n));
}

function check(result: ReturnType<typeof spawnSync>, what: string): void {
  if (result.status !== 0) {
    console.error(`${what} failed (${result.signal ?? `exit code ${result.status}`}):\n${String(result.stderr ?? '')}`);
    process.exit(2);
  }
}

/** js-yaml's CLI, one process per file, stdout to a file. */
function runJsYaml(files: string[], out: string): number {
  const started = performance.now();
  for (const file of files) {
    const fd = openSync(path.join(out, `${path.basename(file)}.json`), 'w');
    try {
      check(spawnSync(process.execPath, [JS_YAML_BIN, file], { stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 30 }), `js-yaml ${file}`);
    } finally {
      closeSync(fd);
    }
  }
  return performance.now() - started;
}

/** One yamljson process converting every file into a folder. */
function runYamljson(files: string[], out: string): number {
  const started = performance.now();
  check(
    spawnSync(process.execPath, [YAMLJSON_BIN, 'convert', ...files, '--to', 'json', '--out-dir', out, '--quiet'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
    'yamljson',
  );
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function main(): void {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-cli.mjs')], { encoding: 'utf8' });
  check(build, 'building the CLI (scripts/build-cli.mjs)');
  const files = corpusFiles();
  const runs = Number(option('runs') ?? 3);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'yamljson-bench-cli-'));
  try {
    const jsYaml: number[] = [];
    const yamljson: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternated, fresh output folders each run: neither gets a warmer cache by going second.
      const a = path.join(tmp, `js-yaml-${i}`);
      const b = path.join(tmp, `yamljson-${i}`);
      for (const d of [a, b]) rmSync(d, { recursive: true, force: true });
      spawnSync('mkdir', ['-p', a, b]);
      if (i % 2 === 0) {
        jsYaml.push(runJsYaml(files, a));
        yamljson.push(runYamljson(files, b));
      } else {
        yamljson.push(runYamljson(files, b));
        jsYaml.push(runJsYaml(files, a));
      }
    }
    const j = median(jsYaml);
    const y = median(yamljson);
    const ratio = j / y;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`corpus: ${files.length} YAML files from ${path.relative(root, CORPUS_DIR)} (${files.map((f) => path.basename(f)).join(', ')})`);
    console.log(`runs: ${runs} (median); every run: js-yaml ${jsYaml.map(s).join(', ')}; yamljson ${yamljson.map(s).join(', ')}`);
    console.log(`js-yaml CLI, one process per file: ${s(j)}`);
    console.log(`yamljson convert, one process:     ${s(y)}`);
    console.log(`ratio: ${ratio.toFixed(2)}x (required: ${REQUIRED_RATIO}x) ${ratio >= REQUIRED_RATIO ? 'PASS' : 'FAIL'}`);
    process.exitCode = ratio >= REQUIRED_RATIO ? 0 : 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
