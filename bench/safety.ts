/**
 * How fast hostile inputs are refused (or awkward real ones converted): printed by
 * `npm run bench` after the throughput tables. Medians of a few runs, in milliseconds.
 */
import { ConversionError, convert } from '../lib/converter/index';

interface Probe {
  name: string;
  input: () => string;
  inputType: 'yaml' | 'json';
  /** What a correct answer is: a code of the refusal, or 'converts'. */
  expect: 'limit_exceeded' | 'converts';
}

function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < 9; level++) {
    const prev = String.fromCharCode(96 + level);
    const name = String.fromCharCode(97 + level);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return lines.join('\n') + '\n';
}

function composeWithMerges(services: number): string {
  let y = 'x-defaults: &defaults\n  restart: always\n  logging:\n    driver: json-file\n  environment:\n    A: "1"\nservices:\n';
  for (let i = 0; i < services; i++) y += `  svc${i}:\n    <<: *defaults\n    image: app:${i}\n`;
  return y;
}

const PROBES: Probe[] = [
  { name: 'billion laughs (9 levels of 9 aliases)', input: billionLaughs, inputType: 'yaml', expect: 'limit_exceeded' },
  { name: 'YAML nested 100,000 deep', input: () => '['.repeat(100_000) + ']'.repeat(100_000), inputType: 'yaml', expect: 'limit_exceeded' },
  { name: 'JSON nested 100,000 deep', input: () => '['.repeat(100_000) + ']'.repeat(100_000), inputType: 'json', expect: 'limit_exceeded' },
  { name: 'Compose file with 5,000 <<: *defaults', input: () => composeWithMerges(5000), inputType: 'yaml', expect: 'converts' },
  { name: 'YAML sequence of 1,000,000 items', input: () => '- 1\n'.repeat(1_000_000), inputType: 'yaml', expect: 'converts' },
  { name: 'JSON array of 1,000,000 items', input: () => `[${Array(1_000_000).fill('1').join(',')}]`, inputType: 'json', expect: 'converts' },
];

function once(p: Probe, input: string): { ms: number; outcome: string } {
  const started = performance.now();
  let outcome = 'converts';
  try {
    convert({ input, inputType: p.inputType, outputType: 'json' });
  } catch (err) {
    outcome = err instanceof ConversionError ? err.code : `crash: ${String(err)}`;
  }
  return { ms: performance.now() - started, outcome };
}

export function runSafetyProbes(): void {
  console.log('\nHostile and awkward inputs (convert to JSON; median of 3 runs, ms)\n');
  const rows: string[][] = [['input', 'answer', 'expected', 'ms']];
  for (const p of PROBES) {
    const input = p.input();
    const runs = [once(p, input), once(p, input), once(p, input)];
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[1]!;
    rows.push([p.name, runs[0]!.outcome, p.expect, ms.toFixed(0)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '));
}
