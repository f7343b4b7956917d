// npm run bench:schema:hostile: the CPU time of schema checks a hostile client would send to hold a
// worker (bench/README.md, "Hostile schemas"): a `pattern` that backtracks exponentially on a
// backtracking engine, and `uniqueItems` over ~1 MB of object items, quadratic when every pair is
// compared. CPU time of this process (user + system) around one validateDocument call, the schema
// compiled beforehand (and its expression run once: V8 starts a new one in its bytecode interpreter,
// and keeps its machine code per process, so only a process's first run differs; bench/README.md
// gives those figures); median of --runs (default 3). Past n = 32 a backtracking engine takes hours:
// leave large n out when measuring one.
// Flags: --pattern-n 24,26,28,30,44 (the number of `a`s before the `!`), --items 36500 (uniqueItems'
// array length), --runs N.
import { validateDocument } from '@/lib/schema';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1]!;
};
const patternSizes = flag('pattern-n', '24,26,28,30,44').split(',').map(Number);
const itemCount = Number(flag('items', '36500'));
const runs = Number(flag('runs', '3'));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** CPU milliseconds of `fn` (median of `runs`), and its last answer. */
function cpu<T>(fn: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result = fn();
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    result = fn();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return { ms: median(times), result };
}

const PATTERN_SCHEMA = { type: 'string', pattern: '^(a+)+$' };
// ajv's instances are made (and its meta-schemas compiled) on first use: not part of any figure.
validateDocument({ input: '"x"', type: 'json', schema: { type: 'string', pattern: '^x$' } });
console.log('pattern "^(a+)+$" on n `a`s then `!` (JSON string input)');
for (const n of patternSizes) {
  const input = JSON.stringify(`${'a'.repeat(n)}!`);
  const { ms, result } = cpu(() => validateDocument({ input, type: 'json', schema: PATTERN_SCHEMA }));
  console.log(`  n=${String(n).padEnd(6)} ${ms.toFixed(2).padStart(10)} ms CPU  valid: ${result.valid}`);
}

/** `count` distinct objects of 26 bytes each (36,500 of them: 985,501 bytes of JSON). */
function objectItems(count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`{"k":"${String(i).padStart(5, '0')}","v":"${String(i % 1000).padStart(6, '0')}"}`);
  return `[${items.join(',')}]`;
}

const UNIQUE_SCHEMA = { type: 'array', uniqueItems: true };
validateDocument({ input: '[{"a":1},{"a":2}]', type: 'json', schema: UNIQUE_SCHEMA });
const distinct = objectItems(itemCount);
// The first item again at the start: a pairwise check from the end finds it last.
const duplicateFirst = `[${distinct.slice(1, distinct.indexOf('}') + 1)},${distinct.slice(1)}`;
console.log(`uniqueItems over ${itemCount.toLocaleString('en-US')} object items`);
for (const [name, input] of [
  ['all distinct', distinct],
  ['the first item twice', duplicateFirst],
] as const) {
  const { ms, result } = cpu(() => validateDocument({ input, type: 'json', schema: UNIQUE_SCHEMA }));
  const bytes = Buffer.byteLength(input).toLocaleString('en-US');
  console.log(`  ${name.padEnd(24)} ${bytes} bytes ${ms.toFixed(1).padStart(10)} ms CPU  valid: ${result.valid}`);
}
