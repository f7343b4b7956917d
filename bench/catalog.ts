// npm run bench:catalog: what the built-in schema catalog costs (schemastore/, lib/catalog,
// lib/schema/catalog). Bytes in the repository; memory (heap and RSS after a full GC) before it is
// touched, after its index is read, and after compiling N schemas; the first compile of big schemas
// (tsconfig 400 KB, the GitHub workflow, package.json with its cross-catalog $refs) and the later
// ones (the cache); and POST /api/validate against the built app (`npm run build` first) with a
// catalog schema: the first request (the worker compiles it) and the median of later ones.
// Flags: --n 10,50 (schemas compiled for the memory figures), --runs 20 (later requests), --no-http.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { validateDocument } from '@/lib/schema';
import { catalogCacheStats, clearCatalogCache, compileCatalogSchema } from '@/lib/schema/catalog/compile-catalog';
import { freePort } from '@/lib/free-port';
import { apiKeyFor, ROOT, startApp } from './load-app';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1]!;
};
const counts = flag('n', '10,50').split(',').map(Number);
const runs = Number(flag('runs', '20'));

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:catalog does).');

function memory(): { heapMb: string; rssMb: string } {
  gc!();
  gc!();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMb: (heapUsed / 1e6).toFixed(1), rssMb: (rss / 1e6).toFixed(1) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (started: number) => Number((performance.now() - started).toFixed(1));

function repositoryBytes(): void {
  const dir = path.join(ROOT, 'schemastore');
  const files = readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).size] as const);
  console.log('\n## Bytes in the repository (schemastore/)\n');
  for (const [name, size] of files) console.log(`  ${name.padEnd(16)} ${size.toLocaleString('en-US').padStart(10)} bytes`);
  console.log(
    `  ${'total'.padEnd(16)} ${files
      .reduce((sum, [, size]) => sum + size, 0)
      .toLocaleString('en-US')
      .padStart(10)} bytes`,
  );
}

function memoryFigures(): void {
  console.log('\n## Memory (after a full GC)\n');
  const before = memory();
  const catalog = bundledCatalog();
  const entries = catalog.entries;
  const afterIndex = memory();
  console.log(`  before the catalog       heap ${before.heapMb} MB, RSS ${before.rssMb} MB`);
  console.log(`  index read (${entries.length} entries) heap ${afterIndex.heapMb} MB, RSS ${afterIndex.rssMb} MB`);
  const usable = [...new Set(entries.filter((e) => e.unusable === undefined).map((e) => e.id))];
  // Every schema once, in the catalog's order; the cache keeps the last 32 compilations.
  for (const n of counts) {
    clearCatalogCache();
    for (const id of usable.slice(0, n)) compileCatalogSchema(entries.find((e) => e.id === id)!, catalog);
    const after = memory();
    console.log(
      `  ${String(n).padStart(3)} schemas compiled    heap ${after.heapMb} MB, RSS ${after.rssMb} MB (cache: ${catalogCacheStats().entries} kept)`,
    );
  }
  clearCatalogCache();
}

function compileFigures(): void {
  console.log('\n## Compile (in this process: decompress, prepare, ajv)\n');
  const catalog = bundledCatalog();
  for (const id of ['tsconfig', 'github-workflow', 'package']) {
    const entry = catalog.entries.find((e) => e.id === id)!;
    const bytes = catalog.index.files[id]![2];
    clearCatalogCache();
    let started = performance.now();
    compileCatalogSchema(entry, catalog);
    const first = ms(started);
    clearCatalogCache();
    started = performance.now();
    compileCatalogSchema(entry, catalog);
    const again = ms(started);
    const later: number[] = [];
    for (let i = 0; i < 1000; i++) {
      started = performance.now();
      compileCatalogSchema(entry, catalog);
      later.push(performance.now() - started);
    }
    console.log(
      `  ${id.padEnd(16)} ${(bytes / 1024).toFixed(0).padStart(4)} KB: first ${first} ms, compiled again from scratch ${again} ms, later (cached) ${(median(later) * 1000).toFixed(1)} µs`,
    );
  }
  const input = 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n';
  const checks: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    validateDocument({ input, type: 'yaml', schema: 'auto', filename: '.github/workflows/ci.yml' }, { catalog });
    checks.push(performance.now() - started);
  }
  console.log(`  a workflow checked by "auto" (schema cached): median ${median(checks).toFixed(3)} ms`);
}

async function httpFigures(): Promise<void> {
  console.log('\n## POST /api/validate against the built app (the front; schema checks run in a worker)\n');
  const app = await startApp(await freePort(), { dataDir: path.join(ROOT, '.data', 'bench-catalog') });
  try {
    const key = await apiKeyFor(app);
    const post = async (body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${app.baseUrl}/api/validate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key.authorization ? { Authorization: key.authorization } : {}) },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`validate answered ${res.status}`);
      return performance.now() - started;
    };
    const cases = [
      [
        'GitHub workflow, "auto"',
        {
          input: 'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n',
          type: 'yaml',
          schema: 'auto',
          filename: '.github/workflows/ci.yml',
        },
      ],
      ['tsconfig.json, by name', { input: '{"compilerOptions": {"strict": true}}', type: 'json', schema: 'tsconfig' }],
      ['plain validate (no schema)', { input: 'a: 1\n', type: 'yaml' }],
    ] as const;
    for (const [label, body] of cases) {
      const first = await post(body);
      const later: number[] = [];
      for (let i = 0; i < runs; i++) later.push(await post(body));
      console.log(
        `  ${label.padEnd(28)} first ${first.toFixed(1)} ms, later median ${median(later).toFixed(1)} ms (${runs} requests, one at a time)`,
      );
    }
    console.log('  (Two workers: a schema compiled in one is compiled again the first time the other gets it.)');
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  repositoryBytes();
  memoryFigures();
  compileFigures();
  if (!args.includes('--no-http')) await httpFigures();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
