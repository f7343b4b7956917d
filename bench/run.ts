/**
 * Throughput benchmark: yamljson's `convert` against the `yaml` and `js-yaml` packages,
 * on the generated corpus (bench/corpus/, made by generate-corpus.ts when missing).
 *
 *   npm run bench -- [--sizes 10k,1m,10m] [--with-100mb] [--only <name>] [--direction yaml2json|json2yaml]
 *                    [--impls yamljson,yaml,js-yaml] [--memory] [--timeout <s>] [--json <file>]
 *
 * Small inputs are measured in this process. Inputs of 5 MB and more (and every input with
 * --memory) are measured in a child process each, so that a slow library can be stopped at
 * --timeout and an out-of-memory crash costs one cell, not the run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { YAML11_SCHEMA, dump, load } from 'js-yaml';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { convert } from '../lib/converter/index';
import {
  BENCH_DIR,
  CORPUS_DIR,
  DEFAULT_TIERS,
  DOCUMENTS,
  MB,
  SIZE_TIERS,
  jsonPath,
  parseTiers,
  yamlPath,
  type DocumentName,
  type SizeTier,
} from './corpus-spec';
import { corpusIsComplete, readWithJsYaml } from './generate-corpus';
import { runSafetyProbes } from './safety';

const DIRECTIONS = ['yaml2json', 'json2yaml'] as const;
type Direction = (typeof DIRECTIONS)[number];
const IMPLS = ['yamljson', 'yaml', 'js-yaml'] as const;
type Impl = (typeof IMPLS)[number];

/** Stop repeating once this much time was spent and MIN_RUNS were made (inputs under 1 MB: half)... */
const TARGET_MS = 1000;
const MIN_RUNS = 3;
/** ...or before a run that would take the cell past this (big inputs: fewer runs). */
const CELL_BUDGET_MS = 2500;
/** Warm-up on the document's 10 KB version, so that big inputs need no full-size warm-up run. */
const WARMUP_MS = 100;
/** A full-size untimed warm-up run is made when a run is expected to take less than this. */
const FULL_WARMUP_MAX_MS = 250;
/** Inputs from this size are measured in a child process (time-out, crash isolation). */
const CHILD_FROM_BYTES = 5 * MB;

interface Cell {
  doc: DocumentName;
  tier: SizeTier;
  direction: Direction;
  impl: Impl;
}

interface CellResult extends Cell {
  inputBytes: number;
  status: 'ok' | 'error' | 'timeout';
  /** Input MB per second, from the median run. */
  mbps?: number;
  medianMs?: number;
  runs?: number;
  error?: string;
  /** yamljson only: does the output read back as the reference data? */
  check?: 'ok' | 'mismatch' | 'mismatch (1.1)';
  /** Peak RSS during the runs minus RSS before them, in bytes (child processes only). */
  peakRssGrowth?: number;
  timeoutS?: number;
}

interface Options {
  tiers: SizeTier[];
  only: string | undefined;
  directions: Direction[];
  impls: Impl[];
  memory: boolean;
  timeoutS: number;
  jsonOut: string | undefined;
}

/* ------------------------------------------------------------------------- */
/* The conversions measured.                                                  */
/* ------------------------------------------------------------------------- */

function isStream(doc: DocumentName): boolean {
  return DOCUMENTS.find((d) => d.name === doc)?.stream ?? false;
}

/** The function timed for one cell: input text in, output text out. */
function conversionFor(impl: Impl, direction: Direction, stream: boolean): (input: string) => string {
  if (direction === 'yaml2json') {
    switch (impl) {
      case 'yamljson':
        return (input) => convert({ input, inputType: 'yaml', outputType: 'json' }).output;
      case 'yaml':
        return stream
          ? (input) =>
              JSON.stringify(
                parseAllDocuments(input, { merge: true }).map((d) => d.toJS({ maxAliasCount: -1 }) as unknown),
                null,
                2,
              )
          : (input) => JSON.stringify(parse(input, { merge: true, maxAliasCount: -1 }), null, 2);
      case 'js-yaml':
        // Same reader as the corpus check: core schema plus merge keys, no merge-key limit.
        return (input) => JSON.stringify(readWithJsYaml(input, stream), null, 2);
    }
  }
  switch (impl) {
    case 'yamljson':
      return (input) => convert({ input, inputType: 'json', outputType: 'yaml' }).output;
    case 'yaml':
      return (input) => stringify(JSON.parse(input));
    case 'js-yaml':
      return (input) => dump(JSON.parse(input), { noRefs: true });
  }
}

function inputPath(doc: DocumentName, tier: SizeTier, direction: Direction): string {
  return direction === 'yaml2json' ? yamlPath(doc, tier) : jsonPath(doc, tier);
}

/** Whether yamljson's output reads back as the reference data (outside the timing). */
function checkOutput(cell: Cell, output: string): 'ok' | 'mismatch' | 'mismatch (1.1)' {
  try {
    if (cell.direction === 'yaml2json') {
      const expected: unknown = JSON.parse(fs.readFileSync(jsonPath(cell.doc, cell.tier), 'utf8'));
      return isDeepStrictEqual(JSON.parse(output), expected) ? 'ok' : 'mismatch';
    }
    // The contract wants YAML that reads back the same with YAML 1.2 and YAML 1.1 readers.
    const expected: unknown = JSON.parse(fs.readFileSync(jsonPath(cell.doc, cell.tier), 'utf8'));
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(readWithJsYaml(output, false))), expected)) return 'mismatch';
    const as11: unknown = load(output, { schema: YAML11_SCHEMA, maxTotalMergeKeys: -1 });
    return isDeepStrictEqual(JSON.parse(JSON.stringify(as11)), expected) ? 'ok' : 'mismatch (1.1)';
  } catch {
    return 'mismatch';
  }
}

/* ------------------------------------------------------------------------- */
/* Measuring.                                                                 */
/* ------------------------------------------------------------------------- */

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
}

/** Measures one cell in this process. */
function measureCell(cell: Cell, withMemory: boolean): CellResult {
  const file = inputPath(cell.doc, cell.tier, cell.direction);
  const input = fs.readFileSync(file, 'utf8');
  const inputBytes = Buffer.byteLength(input);
  const result: CellResult = { ...cell, inputBytes, status: 'ok' };
  const fn = conversionFor(cell.impl, cell.direction, isStream(cell.doc));
  const warmInput = cell.tier === '10k' ? input : fs.readFileSync(inputPath(cell.doc, '10k', cell.direction), 'utf8');

  try {
    // Warm-up: on the small version until WARMUP_MS, then once at full size when that is cheap.
    let warmRuns = 0;
    const warmStart = performance.now();
    while (warmRuns < 3 || performance.now() - warmStart < WARMUP_MS) {
      fn(warmInput);
      warmRuns++;
    }
    const warmRate = (Buffer.byteLength(warmInput) * warmRuns) / (performance.now() - warmStart); // bytes per ms
    if (warmInput !== input && inputBytes / warmRate < FULL_WARMUP_MAX_MS) fn(input);

    gc();
    const rssBefore = process.memoryUsage.rss();
    const big = inputBytes >= MB;
    const times: number[] = [];
    let elapsed = 0;
    let firstOutput: string | undefined;
    for (;;) {
      if (big) gc();
      const t0 = performance.now();
      const out = fn(input);
      const t = performance.now() - t0;
      if (firstOutput === undefined && cell.impl === 'yamljson') firstOutput = out;
      times.push(t);
      elapsed += t;
      if (times.length >= MIN_RUNS && elapsed >= (big ? TARGET_MS : TARGET_MS / 2)) break;
      if (elapsed + median(times) > CELL_BUDGET_MS) break;
    }
    if (withMemory) result.peakRssGrowth = Math.max(0, process.resourceUsage().maxRSS * 1024 - rssBefore);
    const med = median(times);
    result.medianMs = med;
    result.runs = times.length;
    result.mbps = inputBytes / MB / (med / 1000);
    if (firstOutput !== undefined) result.check = checkOutput(cell, firstOutput);
  } catch (e) {
    result.status = 'error';
    result.error = errorText(e);
  }
  gc();
  return result;
}

const CHILD_FLAG = '--cell';
const RESULT_PREFIX = '@@bench-result ';

/** Measures one cell in a fresh child process, stopped after `timeoutS` seconds. */
function measureCellInChild(cell: Cell, timeoutS: number): CellResult {
  const inputBytes = fs.statSync(inputPath(cell.doc, cell.tier, cell.direction)).size;
  const child = spawnSync(process.execPath, [...process.execArgv, path.join(BENCH_DIR, 'run.ts'), CHILD_FLAG, JSON.stringify(cell)], {
    encoding: 'utf8',
    timeout: timeoutS * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * MB,
  });
  const line = child.stdout?.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  if (line !== undefined) return JSON.parse(line.slice(RESULT_PREFIX.length)) as CellResult;
  if (child.error !== undefined && (child.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
    return { ...cell, inputBytes, status: 'timeout', timeoutS };
  }
  const stderr = (child.stderr ?? '').trim().split('\n');
  const why = stderr.find((l) => /heap out of memory|Error/.test(l)) ?? stderr[stderr.length - 1] ?? '';
  return { ...cell, inputBytes, status: 'error', error: `child process failed (${child.signal ?? `exit ${child.status}`}): ${why.trim()}` };
}

/* ------------------------------------------------------------------------- */
/* Reporting.                                                                 */
/* ------------------------------------------------------------------------- */

function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function formatRate(mbps: number): string {
  return mbps >= 100 ? mbps.toFixed(0) : mbps >= 10 ? mbps.toFixed(1) : mbps.toFixed(2);
}

const SUPERSCRIPT: Record<number, string> = { 1: '¹', 2: '²' };

/** The MB/s cell text, and the errors to list under the table. */
function rateCell(r: CellResult | undefined, notes: string[]): string {
  if (r === undefined) return '—';
  if (r.status === 'timeout') return `<${formatRate(r.inputBytes / MB / (r.timeoutS ?? 1))} (t/o)`;
  if (r.status === 'error') {
    const msg = (r.error ?? 'error').replace(/\s+/g, ' ');
    if (msg.length <= 40) return `ERR ${msg}`;
    let n = notes.indexOf(msg);
    if (n < 0) n = notes.push(msg) - 1;
    return `ERR ${msg.slice(0, 30)}… [${n + 1}]`;
  }
  return `${formatRate(r.mbps ?? 0)}${SUPERSCRIPT[r.runs ?? MIN_RUNS] ?? ''}`;
}

/** yamljson's speed over a baseline's, e.g. `12.3x`; `>12x` when the baseline timed out. */
function ratioCell(ours: CellResult | undefined, base: CellResult | undefined): string {
  if (ours?.status !== 'ok' || ours.mbps === undefined || base === undefined) return '—';
  if (base.status === 'timeout') return `>${(ours.mbps / (base.inputBytes / MB / (base.timeoutS ?? 1))).toFixed(1)}x`;
  if (base.status !== 'ok' || base.mbps === undefined) return '—';
  const x = ours.mbps / base.mbps;
  return `${x >= 100 ? x.toFixed(0) : x.toFixed(x >= 10 ? 1 : 2)}x`;
}

function printTable(headers: string[], rows: string[][], rightAlign: boolean[]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(r.length === 0 ? '' : line(r));
}

function printDirection(direction: Direction, results: CellResult[], opts: Options): void {
  const title = direction === 'yaml2json' ? 'YAML -> JSON' : 'JSON -> YAML';
  console.log(`\n${title}   (MB/s of ${direction === 'yaml2json' ? 'YAML' : 'JSON'} input; higher is better)\n`);
  const notes: string[] = [];
  const rows: string[][] = [];
  const find = (doc: DocumentName, tier: SizeTier, impl: Impl) =>
    results.find((r) => r.direction === direction && r.doc === doc && r.tier === tier && r.impl === impl);
  for (const tier of opts.tiers) {
    if (rows.length > 0) rows.push([]);
    for (const d of selectedDocs(opts)) {
      const ours = find(d.name, tier, 'yamljson');
      const any = ours ?? find(d.name, tier, 'yaml') ?? find(d.name, tier, 'js-yaml');
      if (any === undefined) continue;
      rows.push([
        d.name,
        formatSize(any.inputBytes),
        rateCell(ours, notes),
        rateCell(find(d.name, tier, 'yaml'), notes),
        rateCell(find(d.name, tier, 'js-yaml'), notes),
        ratioCell(ours, find(d.name, tier, 'yaml')),
        ratioCell(ours, find(d.name, tier, 'js-yaml')),
        ours?.check ?? '—',
      ]);
    }
  }
  printTable(
    ['document', 'size', 'yamljson', 'yaml', 'js-yaml', 'vs yaml', 'vs js-yaml', 'output'],
    rows,
    [false, true, true, true, true, true, true, false],
  );
  notes.forEach((n, i) => console.log(`[${i + 1}] ${n}`));

  if (opts.memory) {
    console.log(`\n${title}: peak RSS growth during the conversion (MB; fresh process per cell)\n`);
    const memRows: string[][] = [];
    const mem = (r: CellResult | undefined) =>
      r?.peakRssGrowth !== undefined ? (r.peakRssGrowth / MB).toFixed(0) : r?.status === 'timeout' ? 't/o' : r?.status === 'error' ? 'ERR' : '—';
    for (const tier of opts.tiers) {
      if (memRows.length > 0) memRows.push([]);
      for (const d of selectedDocs(opts)) {
        const cells = IMPLS.map((impl) => find(d.name, tier, impl));
        const any = cells.find((c) => c !== undefined);
        if (any === undefined) continue;
        memRows.push([d.name, formatSize(any.inputBytes), ...cells.map(mem)]);
      }
    }
    printTable(['document', 'size', 'yamljson', 'yaml', 'js-yaml'], memRows, [false, true, true, true, true]);
  }
}

/* ------------------------------------------------------------------------- */
/* Command line.                                                              */
/* ------------------------------------------------------------------------- */

function selectedDocs(opts: Options) {
  return DOCUMENTS.filter((d) => opts.only === undefined || d.name.includes(opts.only));
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    tiers: [...DEFAULT_TIERS],
    only: undefined,
    directions: [...DIRECTIONS],
    impls: [...IMPLS],
    memory: false,
    timeoutS: 20,
    jsonOut: undefined,
  };
  let with100 = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case '--sizes':
        opts.tiers = parseTiers(value());
        break;
      case '--with-100mb':
        with100 = true;
        break;
      case '--only':
        opts.only = value();
        break;
      case '--direction': {
        const d = value();
        if (!(DIRECTIONS as readonly string[]).includes(d)) throw new Error(`--direction must be one of ${DIRECTIONS.join(', ')}`);
        opts.directions = [d as Direction];
        break;
      }
      case '--impls': {
        const list = value().split(',');
        for (const x of list) if (!(IMPLS as readonly string[]).includes(x)) throw new Error(`Unknown implementation "${x}" (known: ${IMPLS.join(', ')})`);
        opts.impls = IMPLS.filter((x) => list.includes(x));
        break;
      }
      case '--memory':
        opts.memory = true;
        break;
      case '--timeout':
        opts.timeoutS = Number(value());
        if (!(opts.timeoutS > 0)) throw new Error('--timeout needs a number of seconds');
        break;
      case '--json':
        opts.jsonOut = value();
        break;
      default:
        throw new Error(
          `Unknown argument ${a}.\nUsage: npm run bench -- [--sizes 10k,1m,10m] [--with-100mb] [--only <name>] [--direction yaml2json|json2yaml] [--impls yamljson,yaml,js-yaml] [--memory] [--timeout <s>] [--json <file>]`,
        );
    }
  }
  if (with100 && !opts.tiers.includes('100m')) opts.tiers.push('100m');
  opts.tiers = [...new Set(opts.tiers)].sort((a, b) => SIZE_TIERS[a] - SIZE_TIERS[b]);
  if (selectedDocs(opts).length === 0) throw new Error(`--only ${opts.only} matches no document`);
  return opts;
}

function ensureCorpus(opts: Options): void {
  // The 10 KB versions are always needed: they are the warm-up input.
  const tiers = [...new Set<SizeTier>(['10k', ...opts.tiers])];
  const docs = selectedDocs(opts).map((d) => d.name);
  if (corpusIsComplete(docs, tiers)) return;
  const args = ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join(BENCH_DIR, 'generate-corpus.ts'), '--sizes', tiers.join(',')];
  if (opts.only !== undefined) args.push('--only', opts.only);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('Generating the corpus failed.');
}

function packageVersion(name: string): string {
  try {
    const p = JSON.parse(fs.readFileSync(path.join(BENCH_DIR, '..', 'node_modules', name, 'package.json'), 'utf8')) as { version?: string };
    return p.version ?? '?';
  } catch {
    return '?';
  }
}

function gitDescription(): string {
  try {
    const cwd = path.join(BENCH_DIR, '..');
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'lib'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return `commit ${head}${dirty === '' ? '' : ' + uncommitted changes in lib/'}`;
  } catch {
    return 'commit unknown';
  }
}

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

function main(argv: string[]): void {
  if (argv[0] === CHILD_FLAG) {
    const cell = JSON.parse(argv[1] ?? '') as Cell;
    process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(measureCell(cell, true))}\n`);
    return;
  }
  const opts = parseArgs(argv);
  ensureCorpus(opts);

  const started = Date.now();
  const cpus = os.cpus();
  console.log(`yamljson benchmark, ${new Date().toISOString()}`);
  console.log(
    `Node ${process.version} (${process.platform} ${process.arch}), ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `yaml ${packageVersion('yaml')}, js-yaml ${packageVersion('js-yaml')}, ${gitDescription()}`,
  );
  console.log(
    `MB = 2^20 bytes. Each figure is the median of >= ${MIN_RUNS} runs (and >= 1 s; 0.5 s below 1 MB) after a warm-up; ` +
      `¹ = a single run, ² = two runs (time-boxed big inputs). t/o = stopped after ${opts.timeoutS} s. ` +
      `"output": yamljson's output read back equals the reference data (YAML output: with 1.2 and 1.1 readers).`,
  );

  // Every figure is measured in this run: ratios compare numbers taken side by side.
  const all: CellResult[] = [];
  const total = opts.directions.length * opts.tiers.length * selectedDocs(opts).length * opts.impls.length;
  for (const direction of opts.directions) {
    const results: CellResult[] = [];
    for (const tier of opts.tiers) {
      for (const d of selectedDocs(opts)) {
        for (const impl of opts.impls) {
          const cell: Cell = { doc: d.name, tier, direction, impl };
          progress(`[${all.length + results.length + 1}/${total}] ${direction} ${d.name}.${tier} ${impl}`);
          const useChild = opts.memory || SIZE_TIERS[tier] >= CHILD_FROM_BYTES;
          const r = useChild ? measureCellInChild(cell, opts.timeoutS) : measureCell(cell, false);
          results.push(r);
        }
      }
    }
    progress('');
    all.push(...results);
    printDirection(direction, results, opts);
  }
  if (opts.impls.includes('yamljson') && opts.only === undefined) runSafetyProbes();
  const seconds = (Date.now() - started) / 1000;
  console.log(`\nDone in ${seconds.toFixed(0)} s.`);
  if (opts.jsonOut !== undefined) {
    fs.writeFileSync(
      opts.jsonOut,
      JSON.stringify({ date: new Date().toISOString(), node: process.version, seconds, results: all }, null, 2) + '\n',
    );
    console.log(`Results written to ${opts.jsonOut}.`);
  }
}

try {
  main(process.argv.slice(2));
} catch (e) {
  console.error(errorText(e));
  process.exit(1);
}
