/**
 * The performance targets `npm run bench` checks at the end of a run: one line
 * per target, PASS or FAIL, with the worst cell. A target is judged on every cell of this
 * run that it covers; cells the run did not measure are not guessed.
 */

export type Direction = 'yaml2json' | 'json2yaml' | 'json2json' | 'yaml2jsonc' | 'yaml2yaml';
/** `today`: the reference path of the preserve-flag conversions (bench/yaml-preserve.ts). */
export type Baseline = 'yaml' | 'js-yaml' | 'native' | 'today';

/** yamljson's speed must be at least `min` times the baseline's, on every document and size. */
export interface RatioTarget {
  kind: 'ratio';
  direction: Direction;
  baseline: Baseline;
  min: number;
}

/** The peak memory of one yamljson conversion must be at most `max` times the input, on the sizes listed. */
export interface MemoryTarget {
  kind: 'memory';
  direction: Direction;
  tiers: readonly string[];
  max: number;
}

export type Target = RatioTarget | MemoryTarget;

export const TARGETS: readonly Target[] = [
  { kind: 'ratio', direction: 'yaml2json', baseline: 'yaml', min: 10 },
  { kind: 'ratio', direction: 'yaml2json', baseline: 'js-yaml', min: 1.5 },
  { kind: 'ratio', direction: 'json2yaml', baseline: 'yaml', min: 5 },
  { kind: 'ratio', direction: 'json2yaml', baseline: 'js-yaml', min: 1 },
  { kind: 'ratio', direction: 'yaml2jsonc', baseline: 'today', min: 2 },
  { kind: 'ratio', direction: 'yaml2yaml', baseline: 'today', min: 2 },
  { kind: 'memory', direction: 'yaml2json', tiers: ['100m'], max: 6 },
  { kind: 'memory', direction: 'json2yaml', tiers: ['100m'], max: 6 },
  { kind: 'memory', direction: 'json2json', tiers: ['100m'], max: 6 },
];

/** What the summary needs of one measured cell. */
export interface MeasuredCell {
  doc: string;
  tier: string;
  direction: Direction;
  impl: string;
  inputBytes: number;
  status: 'ok' | 'error' | 'timeout';
  mbps?: number;
  /** For a cell stopped at its time limit: seconds its first run had used (the run takes longer). */
  boundS?: number;
  peakRssGrowth?: number;
  check?: string;
}

const TITLES: Record<Direction, string> = {
  yaml2json: 'YAML -> JSON',
  json2yaml: 'JSON -> YAML',
  json2json: 'JSON -> JSON',
  yaml2jsonc: 'YAML -> JSONC (preserveComments)',
  yaml2yaml: 'YAML -> YAML (preserveComments + preserveAnchors)',
};
const MB = 1024 * 1024;

function tierText(tier: string): string {
  return tier.toUpperCase().replace(/K$/, ' KB').replace(/M$/, ' MB');
}

function where(c: MeasuredCell): string {
  return `${c.doc} ${tierText(c.tier)}`;
}

/** One summary line per target. */
export function summarizeTargets(results: readonly MeasuredCell[]): string[] {
  const lines: string[] = [];
  for (const t of TARGETS) {
    const ours = results.filter((r) => r.direction === t.direction && r.impl === 'yamljson');
    if (t.kind === 'ratio') {
      const label = `${TITLES[t.direction]} at least ${t.min}x ${t.baseline}`;
      let worst: { x: number; cell: MeasuredCell; bound: boolean } | null = null;
      let judged = 0;
      const failures: string[] = [];
      const open: string[] = [];
      for (const o of ours) {
        const b = results.find((r) => r.direction === t.direction && r.impl === t.baseline && r.doc === o.doc && r.tier === o.tier);
        if (b === undefined || b.status === 'error') continue; // nothing to compare with
        if (o.status !== 'ok' || o.mbps === undefined || o.check !== 'ok') {
          failures.push(`${where(o)}: yamljson ${o.status !== 'ok' ? o.status : `output ${o.check ?? 'unchecked'}`}`);
          judged++;
          continue;
        }
        // A baseline stopped at the time-out ran slower than its bound: the ratio is a lower bound.
        const bound = b.status === 'timeout';
        const baseRate = bound ? (b.boundS ? b.inputBytes / MB / b.boundS : undefined) : b.mbps;
        if (baseRate === undefined) {
          open.push(`${where(o)}: ${t.baseline} stopped before its first run`);
          judged++;
          continue;
        }
        const x = o.mbps / baseRate;
        judged++;
        if (x < t.min) (bound ? open : failures).push(`${where(o)}: ${bound ? '>' : ''}${x.toFixed(2)}x`);
        if (worst === null || x < worst.x) worst = { x, cell: o, bound };
      }
      if (judged === 0) {
        lines.push(`  --    ${label}: not measured in this run`);
      } else if (failures.length > 0) {
        lines.push(`  FAIL  ${label}: ${failures.length} of ${judged} cells below (${failures.join('; ')})`);
      } else if (open.length > 0) {
        lines.push(`  ??    ${label}: undecided, the baseline timed out too early (${open.join('; ')}); raise --timeout`);
      } else if (worst !== null) {
        lines.push(`  PASS  ${label}: all ${judged} cells, lowest ${worst.bound ? '>' : ''}${worst.x.toFixed(2)}x (${where(worst.cell)})`);
      }
    } else {
      const label = `${TITLES[t.direction]} peak memory at most ${t.max}x the input (${t.tiers.map(tierText).join(', ')})`;
      const cells = ours.filter((o) => t.tiers.includes(o.tier));
      const measured = cells.filter((o) => o.peakRssGrowth !== undefined);
      const broken = cells.filter((o) => o.status !== 'ok');
      if (measured.length === 0 && broken.length === 0) {
        lines.push(`  --    ${label}: not measured in this run`);
        continue;
      }
      const over = measured.filter((o) => o.peakRssGrowth! / o.inputBytes > t.max);
      const worst = measured.reduce<MeasuredCell | null>(
        (w, o) => (w === null || o.peakRssGrowth! / o.inputBytes > w.peakRssGrowth! / w.inputBytes ? o : w),
        null,
      );
      const worstText = worst ? `highest ${(worst.peakRssGrowth! / worst.inputBytes).toFixed(2)}x (${where(worst)})` : '';
      if (over.length > 0 || broken.length > 0) {
        const why = [
          ...broken.map((o) => `${where(o)}: ${o.status}`),
          ...over.map((o) => `${where(o)}: ${(o.peakRssGrowth! / o.inputBytes).toFixed(2)}x`),
        ];
        lines.push(`  FAIL  ${label}: ${why.join('; ')}`);
      } else {
        lines.push(`  PASS  ${label}: all ${measured.length} documents, ${worstText}`);
      }
    }
  }
  return lines;
}
