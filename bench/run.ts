/**
 * Throughput benchmark: yamljson's `convert` against the `yaml` and `js-yaml` packages,
 * on the generated corpus (bench/corpus/, made by generate-corpus.ts when missing).
 *
 *   npm run bench -- [--sizes 10k,1m,10m,100m] [--skip-100mb] [--with-100mb] [--only <name>] [--no-hostile]
 *   npm run bench -- --only hostile[:<family>]   (only the hostile-input section, bench/hostile.ts)
 *                    [--direction yaml2json|json2yaml|json2json] [--impls yamljson,yaml,js-yaml,native]
 *                    [--memory] [--timeout <s>] [--clock cpu|wall] [--json <file>]
 *
 * Small inputs are measured in this process. Inputs of 5 MB and more (and every input with
 * --memory) are measured in a child process each, so that a slow library can be stopped at
 * --timeout, an out-of-memory crash costs one cell, not the run, and the peak memory of one
 * conversion can be measured (bench/peak-memory.ts). The run ends with one line per target
 * of bench/targets.ts.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { YAML11_SCHEMA, dump, load } from 'js-yaml';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { convert } from '../lib/converter/index';
import { BENCH_DIR, DEFAULT_TIERS, DOCUMENTS, MB, SIZE_TIERS, jsonPath, parseTiers, yamlPath, type DocumentName, type SizeTier } from './corpus-spec';
import { corpusIsComplete, readWithJsYaml } from './generate-corpus';
import { peakGrowth, startPeakProbe } from './peak-memory';
import { runHostileBench } from './hostile';
import { runSafetyProbes } from './safety';
import { summarizeTargets } from './targets';
import { PRESERVE_DIRECTIONS, PRESERVE_TITLES, preserveConversion, preserveOutputMatches, type PreserveDirection } from './yaml-preserve';

const DIRECTIONS = ['yaml2json', 'json2yaml', 'json2json', ...PRESERVE_DIRECTIONS] as const;
type Direction = (typeof DIRECTIONS)[number];
/** The preserve-flag directions (bench/yaml-preserve.ts) run when asked with --direction. */
const DEFAULT_DIRECTIONS = DIRECTIONS.filter((d) => !(PRESERVE_DIRECTIONS as readonly string[]).includes(d));
const IMPLS = ['yamljson', 'yaml', 'js-yaml', 'native', 'today'] as const;
type Impl = (typeof IMPLS)[number];

/**
 * What yamljson is compared with in each direction. JSON -> JSON has no YAML library to
 * compare with: `native` is JSON.stringify(JSON.parse(json), null, 2), which is not a
 * correct conversion (it rounds big numbers and reorders integer-like keys) but is the
 * speed a JavaScript user gets for free.
 */
const BASELINES: Record<Direction, readonly Impl[]> = {
  yaml2json: ['yaml', 'js-yaml'],
  json2yaml: ['yaml', 'js-yaml'],
  json2json: ['native'],
  yaml2jsonc: ['today'],
  yaml2yaml: ['today'],
};
const IMPL_TITLES: Record<Impl, string> = {
  yamljson: 'yamljson',
  yaml: 'yaml',
  'js-yaml': 'js-yaml',
  native: 'JSON.parse+stringify',
  today: "today's path",
};
const DIRECTION_TITLES: Record<Direction, string> = {
  yaml2json: 'YAML -> JSON',
  json2yaml: 'JSON -> YAML',
  json2json: 'JSON -> JSON',
  ...PRESERVE_TITLES,
};

function isYamlInput(direction: Direction): boolean {
  return direction === 'yaml2json' || (PRESERVE_DIRECTIONS as readonly string[]).includes(direction);
}

/** Stop repeating once this much time was spent and MIN_RUNS were made (inputs under 1 MB: half)... */
const TARGET_MS = 1000;
const MIN_RUNS = 3;
/** ...or before a run that would take the cell past this (big inputs: fewer runs). */
const CELL_BUDGET_MS = 2500;
/** Warm-up on the document's 10 KB version, so that big inputs need no full-size warm-up run. */
const WARMUP_MS = 100;
/** A full-size untimed warm-up run is made when a run is expected to take less than this. */
const FULL_WARMUP_MAX_MS = 250;
/** Inputs from this size are measured in a child process (time-out, crash isolation, peak memory). */
const CHILD_FROM_BYTES = 5 * MB;
/** yamljson's own cells get at least this long at 100 MB (reading, warm-up, runs, the output check). */
const OWN_100MB_TIMEOUT_S = 240;
/** The baselines' limit at 100 MB, as a multiple of --timeout. */
const TIMEOUT_100MB_FACTOR = 3;
/** Time a child may take to read its input and warm up before its first timed run, on top of its limit. */
const SETUP_ALLOWANCE_S = 120;

interface Cell {
  doc: DocumentName;
  tier: SizeTier;
  direction: Direction;
  impl: Impl;
}

/**
 * What a run's time is measured in. `cpu` (the default): CPU time of the process, user +
 * system, all its threads (GC helpers included), which other jobs on a shared machine
 * barely change; `wall`: elapsed time.
 */
type Clock = 'cpu' | 'wall';

function clockMs(clock: Clock): number {
  if (clock === 'wall') return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
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
  /** Peak RSS during the first timed run minus RSS just before it, in bytes (child processes only; bench/peak-memory.ts). */
  peakRssGrowth?: number;
  /** False when the peak is the process's lifetime peak (not Linux): an upper bound. */
  peakExact?: boolean;
  /** The child-process time limit (wall clock) that stopped the cell. */
  timeoutS?: number;
  /**
   * For a cell stopped at its time limit: seconds (of the bench's clock) its first timed run
   * had used when stopped, so the run takes longer than this. Absent when it was stopped
   * before its first timed run began.
   */
  boundS?: number;
}

interface Options {
  tiers: SizeTier[];
  only: string | undefined;
  directions: Direction[];
  impls: Impl[];
  memory: boolean;
  timeoutS: number;
  clock: Clock;
  jsonOut: string | undefined;
  /** Why the 100 MB documents are not in this run, when they are not. */
  without100: string | undefined;
}

/* ------------------------------------------------------------------------- */
/* The conversions measured.                                                  */
/* ------------------------------------------------------------------------- */

function isStream(doc: DocumentName): boolean {
  return DOCUMENTS.find((d) => d.name === doc)?.stream ?? false;
}

/** The function timed for one cell: input text in, output text out. */
function conversionFor(impl: Impl, direction: Direction, stream: boolean): (input: string) => string {
  if (direction === 'yaml2jsonc' || direction === 'yaml2yaml') {
    if (impl !== 'yamljson' && impl !== 'today') throw new Error(`${impl} does not keep comments`);
    return preserveConversion(direction, impl === 'today');
  }
  if (impl === 'today') throw new Error("today's path is measured with the preserve flags only");
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
      case 'native':
        throw new Error('JSON.parse+stringify does not read YAML');
    }
  }
  if (direction === 'json2json') {
    if (impl === 'yamljson') return (input) => convert({ input, inputType: 'json', outputType: 'json' }).output;
    if (impl === 'native') return (input) => JSON.stringify(JSON.parse(input), null, 2);
    throw new Error(`${impl} does not convert JSON to JSON`);
  }
  switch (impl) {
    case 'yamljson':
      return (input) => convert({ input, inputType: 'json', outputType: 'yaml' }).output;
    case 'yaml':
      return (input) => stringify(JSON.parse(input));
    case 'js-yaml':
      return (input) => dump(JSON.parse(input), { noRefs: true });
    case 'native':
      throw new Error('JSON.parse+stringify does not write YAML');
  }
}

function inputPath(doc: DocumentName, tier: SizeTier, direction: Direction): string {
  return isYamlInput(direction) ? yamlPath(doc, tier) : jsonPath(doc, tier);
}

/** The child-process time limit of a cell: yamljson's own 100 MB cells get more, so that they are always measured. */
function timeoutFor(cell: Cell, timeoutS: number): number {
  if (cell.tier !== '100m') return timeoutS;
  return cell.impl === 'yamljson' ? Math.max(timeoutS, OWN_100MB_TIMEOUT_S) : timeoutS * TIMEOUT_100MB_FACTOR;
}

/** Whether yamljson's output reads back as the reference data (outside the timing). */
function checkOutput(cell: Cell, output: string): 'ok' | 'mismatch' | 'mismatch (1.1)' {
  try {
    if (cell.direction === 'yaml2json') {
      const expected: unknown = JSON.parse(fs.readFileSync(jsonPath(cell.doc, cell.tier), 'utf8'));
      return isDeepStrictEqual(JSON.parse(output), expected) ? 'ok' : 'mismatch';
    }
    if (cell.direction === 'yaml2jsonc' || cell.direction === 'yaml2yaml') {
      const expected: unknown = JSON.parse(fs.readFileSync(jsonPath(cell.doc, cell.tier), 'utf8'));
      return preserveOutputMatches(cell.direction as PreserveDirection, output, expected, isStream(cell.doc)) ? 'ok' : 'mismatch';
    }
    const expected: unknown = JSON.parse(fs.readFileSync(jsonPath(cell.doc, cell.tier), 'utf8'));
    if (cell.direction === 'json2json') return isDeepStrictEqual(JSON.parse(output), expected) ? 'ok' : 'mismatch';
    // The contract wants YAML that reads back the same with YAML 1.2 and YAML 1.1 readers
    // (at 100 MB only the first: each reading of the output takes many seconds).
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(readWithJsYaml(output, false))), expected)) return 'mismatch';
    if (cell.tier === '100m') return 'ok';
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

const CHILD_FLAG = '--cell';
const RESULT_PREFIX = '@@bench-result ';
/** A child prints this, with its CPU time in ms, just before its first timed run. */
const TIMING_PREFIX = '@@timing-from ';

/** Measures one cell in this process (in a child: with its peak memory, announcing its first timed run). */
function measureCell(cell: Cell, clock: Clock, inChild: boolean): CellResult {
  const withMemory = inChild;
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
    const big = inputBytes >= MB;
    const times: number[] = [];
    let elapsed = 0;
    let firstOutput: string | undefined;
    for (;;) {
      // One full GC before the first timed run only: after a forced full GC, V8 drops
      // optimized code that embeds objects which died ("weak objects" deoptimizations), so
      // a gc() before every run would make each run pay for re-optimizing, which no real
      // conversion does (it cost yamljson 3x at 1 MB). Later runs pay for their own garbage.
      if (times.length === 0) gc();
      // The peak memory is that of the first timed run alone: one conversion, input already in memory.
      const probe = withMemory && times.length === 0 ? startPeakProbe() : null;
      if (inChild && times.length === 0) process.stdout.write(`${TIMING_PREFIX}${clockMs('cpu')}\n`);
      const t0 = clockMs(clock);
      const out = fn(input);
      const t = clockMs(clock) - t0;
      if (probe !== null) {
        result.peakRssGrowth = peakGrowth(probe);
        result.peakExact = probe.exact;
      }
      if (firstOutput === undefined && cell.impl === 'yamljson') firstOutput = out;
      times.push(t);
      elapsed += t;
      if (times.length >= MIN_RUNS && elapsed >= (big ? TARGET_MS : TARGET_MS / 2)) break;
      if (elapsed + median(times) > CELL_BUDGET_MS) break;
    }
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

/** CPU time (user + system) of process `pid` in ms, from /proc (Linux), or null. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: state is field 3, utime field 14, stime field 15 (clock ticks, 100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Measures one cell in a fresh child process. Its time limit, `timeoutS` seconds of elapsed
 * time, starts when the child announces its first timed run (reading a 200 MB input is not
 * the conversion's time); a child that does not get there within SETUP_ALLOWANCE_S more is
 * stopped too.
 */
function measureCellInChild(cell: Cell, timeoutS: number, clock: Clock): Promise<CellResult> {
  const inputBytes = fs.statSync(inputPath(cell.doc, cell.tier, cell.direction)).size;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(BENCH_DIR, 'run.ts'), CHILD_FLAG, JSON.stringify({ cell, clock })], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timingFrom: { cpuMs: number; wallMs: number } | undefined;
    let timedOut = false;
    let boundS: number | undefined;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (timingFrom === undefined) {
        const m = new RegExp(`^${TIMING_PREFIX}([0-9.]+)$`, 'm').exec(stdout);
        if (m) {
          timingFrom = { cpuMs: Number(m[1]), wallMs: performance.now() };
          clearTimeout(timer);
          timer = setTimeout(stop, timeoutS * 1000);
        }
      }
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    const stop = () => {
      timedOut = true;
      // How long the first timed run had been going: a lower bound of its time, in the bench's clock.
      if (timingFrom !== undefined) {
        if (clock === 'wall') boundS = (performance.now() - timingFrom.wallMs) / 1000;
        else {
          const cpu = child.pid === undefined ? null : processCpuMs(child.pid);
          if (cpu !== null) boundS = Math.max(0, cpu - timingFrom.cpuMs) / 1000;
        }
      }
      child.kill('SIGKILL');
    };
    timer = setTimeout(stop, (timeoutS + SETUP_ALLOWANCE_S) * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (line !== undefined) return resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as CellResult);
      if (timedOut) return resolve({ ...cell, inputBytes, status: 'timeout', timeoutS, boundS });
      const lines = stderr.trim().split('\n');
      const why = lines.find((l) => /heap out of memory|Error/.test(l)) ?? lines[lines.length - 1] ?? '';
      resolve({ ...cell, inputBytes, status: 'error', error: `child process failed (${signal ?? `exit ${code}`}): ${why.trim()}` });
    });
  });
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
  if (r.status === 'timeout') return r.boundS ? `<${formatRate(r.inputBytes / MB / r.boundS)} (t/o)` : 't/o';
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
  if (base.status === 'timeout') return base.boundS ? `>${(ours.mbps / (base.inputBytes / MB / base.boundS)).toFixed(1)}x` : '—';
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

/** Peak memory of a cell: `412 MB 4.1x` (MB and multiple of the input), or why there is none. */
function memoryCell(r: CellResult | undefined): string {
  if (r === undefined) return '—';
  if (r.peakRssGrowth === undefined) return r.status === 'timeout' ? 't/o' : r.status === 'error' ? 'ERR' : '—';
  const bound = r.peakExact === false ? '<=' : '';
  return `${bound}${(r.peakRssGrowth / MB).toFixed(0)} MB ${(r.peakRssGrowth / r.inputBytes).toFixed(1)}x`;
}

function printDirection(direction: Direction, results: CellResult[], opts: Options): void {
  const title = DIRECTION_TITLES[direction];
  const baselines = BASELINES[direction].filter((b) => opts.impls.includes(b));
  console.log(
    `\n${title}   (MB/s of ${isYamlInput(direction) ? 'YAML' : 'JSON'} input; higher is better; peak: memory of one yamljson conversion)\n`,
  );
  const notes: string[] = [];
  const rows: string[][] = [];
  const find = (doc: DocumentName, tier: SizeTier, impl: Impl) =>
    results.find((r) => r.direction === direction && r.doc === doc && r.tier === tier && r.impl === impl);
  for (const tier of opts.tiers) {
    if (rows.length > 0) rows.push([]);
    for (const d of selectedDocs(opts)) {
      const ours = find(d.name, tier, 'yamljson');
      const any = ours ?? baselines.map((b) => find(d.name, tier, b)).find((r) => r !== undefined);
      if (any === undefined) continue;
      rows.push([
        d.name,
        formatSize(any.inputBytes),
        rateCell(ours, notes),
        ...baselines.map((b) => rateCell(find(d.name, tier, b), notes)),
        ...baselines.map((b) => ratioCell(ours, find(d.name, tier, b))),
        memoryCell(ours),
        ours?.check ?? '—',
      ]);
    }
  }
  const titles = baselines.map((b) => IMPL_TITLES[b]);
  printTable(['document', 'size', 'yamljson', ...titles, ...titles.map((t) => `vs ${t}`), 'peak', 'output'], rows, [
    false,
    true,
    true,
    ...baselines.map(() => true),
    ...baselines.map(() => true),
    true,
    false,
  ]);
  for (const [i, n] of notes.entries()) console.log(`[${i + 1}] ${n}`);

  if (opts.memory) {
    console.log(`\n${title}: peak memory of one conversion, every implementation (MB and multiple of the input; fresh process per cell)\n`);
    const impls = (['yamljson', ...baselines] as Impl[]).filter((i) => opts.impls.includes(i));
    const memRows: string[][] = [];
    for (const tier of opts.tiers) {
      if (memRows.length > 0) memRows.push([]);
      for (const d of selectedDocs(opts)) {
        const cells = impls.map((impl) => find(d.name, tier, impl));
        const any = cells.find((c) => c !== undefined);
        if (any === undefined) continue;
        memRows.push([d.name, formatSize(any.inputBytes), ...cells.map(memoryCell)]);
      }
    }
    printTable(['document', 'size', ...impls.map((i) => IMPL_TITLES[i])], memRows, [false, true, ...impls.map(() => true)]);
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
    directions: [...DEFAULT_DIRECTIONS],
    impls: [...IMPLS],
    memory: false,
    timeoutS: 20,
    clock: 'cpu',
    jsonOut: undefined,
    without100: undefined,
  };
  let with100 = false;
  let skip100 = false;
  let sizesGiven = false;
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
        sizesGiven = true;
        break;
      case '--with-100mb':
        with100 = true;
        break;
      case '--skip-100mb':
        skip100 = true;
        break;
      case '--only':
        opts.only = value();
        break;
      case '--direction': {
        const list = value().split(',');
        for (const d of list)
          if (!(DIRECTIONS as readonly string[]).includes(d)) throw new Error(`--direction must be among ${DIRECTIONS.join(', ')}`);
        opts.directions = DIRECTIONS.filter((d) => list.includes(d));
        break;
      }
      case '--impls': {
        const list = value().split(',');
        for (const x of list)
          if (!(IMPLS as readonly string[]).includes(x)) throw new Error(`Unknown implementation "${x}" (known: ${IMPLS.join(', ')})`);
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
      case '--clock': {
        const c = value();
        if (c !== 'cpu' && c !== 'wall') throw new Error('--clock must be cpu or wall');
        opts.clock = c;
        break;
      }
      case '--json':
        opts.jsonOut = value();
        break;
      default:
        throw new Error(
          `Unknown argument ${a}.\nUsage: npm run bench -- [--sizes 10k,1m,10m,100m] [--skip-100mb] [--with-100mb] [--only <name>] [--direction yaml2json,json2yaml,json2json,yaml2jsonc,yaml2yaml] [--impls yamljson,yaml,js-yaml,native,today] [--memory] [--timeout <s>] [--clock cpu|wall] [--json <file>]`,
        );
    }
  }
  if (selectedDocs(opts).length === 0) throw new Error(`--only ${opts.only} matches no document`);
  // The 100 MB documents are measured by default when the corpus has them (generating them
  // takes long: --with-100mb or `npm run bench:corpus -- --with-100mb` does it once).
  if (with100 && !skip100 && !opts.tiers.includes('100m')) opts.tiers.push('100m');
  if (skip100) {
    opts.tiers = opts.tiers.filter((t) => t !== '100m');
    opts.without100 = '--skip-100mb';
  } else if (!sizesGiven && !with100) {
    if (
      corpusIsComplete(
        selectedDocs(opts).map((d) => d.name),
        ['100m'],
      )
    )
      opts.tiers.push('100m');
    else opts.without100 = 'not in the corpus; `npm run bench:corpus -- --with-100mb` makes them (long, several GB of memory)';
  }
  opts.tiers = [...new Set(opts.tiers)].sort((a, b) => SIZE_TIERS[a] - SIZE_TIERS[b]);
  return opts;
}

function ensureCorpus(opts: Options): void {
  // The 10 KB versions are always needed: they are the warm-up input.
  const tiers = [...new Set<SizeTier>(['10k', ...opts.tiers])];
  const docs = selectedDocs(opts).map((d) => d.name);
  if (corpusIsComplete(docs, tiers)) return;
  const args = [
    '--expose-gc',
    '--max-old-space-size=8192',
    '--import',
    'tsx',
    path.join(BENCH_DIR, 'generate-corpus.ts'),
    '--sizes',
    tiers.join(','),
  ];
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

async function main(argv: string[]): Promise<void> {
  if (argv[0] === CHILD_FLAG) {
    const { cell, clock } = JSON.parse(argv[1] ?? '') as { cell: Cell; clock: Clock };
    process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(measureCell(cell, clock, true))}\n`);
    return;
  }
  // `--only hostile` (or `--only hostile:<family>`): the hostile-input section alone.
  const onlyAt = argv.indexOf('--only');
  const onlyValue = onlyAt === -1 ? undefined : argv[onlyAt + 1];
  if (onlyValue !== undefined && (onlyValue === 'hostile' || onlyValue.startsWith('hostile:'))) {
    console.log(`yamljson benchmark, hostile inputs, ${new Date().toISOString()}, Node ${process.version}, ${gitDescription()}`);
    const rows = runHostileBench({ only: onlyValue.slice('hostile:'.length) || undefined });
    process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
    return;
  }
  const noHostile = argv.includes('--no-hostile');
  const opts = parseArgs(argv.filter((a) => a !== '--no-hostile'));
  ensureCorpus(opts);

  const started = Date.now();
  const cpus = os.cpus();
  console.log(`yamljson benchmark, ${new Date().toISOString()}`);
  console.log(
    `Node ${process.version} (${process.platform} ${process.arch}), ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `yaml ${packageVersion('yaml')}, js-yaml ${packageVersion('js-yaml')}, ${gitDescription()}`,
  );
  console.log(
    `MB/s = input MB (2^20 bytes) per second of ${opts.clock === 'cpu' ? 'CPU time (user + system, all threads of the process; --clock wall for elapsed time)' : 'elapsed time'}. ` +
      `Each figure is the median of >= ${MIN_RUNS} runs (and >= 1 s; 0.5 s below 1 MB) after a warm-up; ` +
      `¹ = a single run, ² = two runs (time-boxed big inputs). t/o = stopped ${opts.timeoutS} s (elapsed) after its first timed run began ` +
      `(100 MB: ${opts.timeoutS * TIMEOUT_100MB_FACTOR} s, yamljson's own ${Math.max(opts.timeoutS, OWN_100MB_TIMEOUT_S)} s); "<r (t/o)": that run had used 1/r s per MB when stopped. ` +
      `"peak": peak RSS of the first timed run minus RSS just before it, in MB and as a multiple of the input ` +
      `(inputs from ${CHILD_FROM_BYTES / MB} MB, or all with --memory; each in a fresh process). ` +
      `"output": yamljson's output read back equals the reference data (YAML output: with 1.2 and 1.1 readers, 1.2 only at 100 MB).`,
  );
  if (opts.without100 !== undefined) console.log(`100 MB documents: not measured (${opts.without100}).`);

  // Every figure is measured in this run: ratios compare numbers taken side by side.
  const all: CellResult[] = [];
  const implsFor = (direction: Direction) => opts.impls.filter((i) => i === 'yamljson' || BASELINES[direction].includes(i));
  const total = opts.directions.reduce((n, dir) => n + opts.tiers.length * selectedDocs(opts).length * implsFor(dir).length, 0);
  for (const direction of opts.directions) {
    const results: CellResult[] = [];
    for (const tier of opts.tiers) {
      for (const d of selectedDocs(opts)) {
        for (const impl of implsFor(direction)) {
          const cell: Cell = { doc: d.name, tier, direction, impl };
          progress(`[${all.length + results.length + 1}/${total}] ${direction} ${d.name}.${tier} ${impl}`);
          const useChild = opts.memory || SIZE_TIERS[tier] >= CHILD_FROM_BYTES;
          const r = useChild ? await measureCellInChild(cell, timeoutFor(cell, opts.timeoutS), opts.clock) : measureCell(cell, opts.clock, false);
          results.push(r);
        }
      }
    }
    progress('');
    all.push(...results);
    printDirection(direction, results, opts);
  }
  if (opts.impls.includes('yamljson') && opts.only === undefined) runSafetyProbes();
  if (opts.impls.includes('yamljson') && opts.only === undefined && !noHostile) runHostileBench();
  console.log('\nTargets (every document and size of this run; bench/targets.ts):');
  for (const line of summarizeTargets(all)) console.log(line);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\nDone in ${seconds.toFixed(0)} s.`);
  if (opts.jsonOut !== undefined) {
    fs.writeFileSync(opts.jsonOut, JSON.stringify({ date: new Date().toISOString(), node: process.version, seconds, results: all }, null, 2) + '\n');
    console.log(`Results written to ${opts.jsonOut}.`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(errorText(e));
  process.exit(1);
});
