/**
 * `npm run bench -- --only hostile` (and the last section of a full `npm run bench`): every
 * family of bench/hostile-inputs.ts at 256 KiB, 512 KiB and 1 MiB, on every way its
 * input is read (conversions with and without comments/anchors, validation). One row per
 * family: the CPU time of its slowest path at each size, the largest growth of CPU time per
 * doubling over all its paths, and PASS when that growth is under 2.5x and the 1 MiB point
 * under 1 s. The unit tests assert the same linearity on counted work
 * (test/converter/hostile.test.ts); times are printed here only.
 */
import { convert, isConversionError, validate } from '../lib/converter/index';
import { HOSTILE_FAMILIES, HOSTILE_PATHS, type HostileCall } from './hostile-inputs';

const KIB = 1024;
export const HOSTILE_SIZES = [256 * KIB, 512 * KIB, 1024 * KIB];
const MAX_GROWTH = 2.5;
const MAX_1MB_MS = 1000;
/** Below this, CPU times are too coarse for a ratio: growth is shown only from this time up. */
const RATIO_FLOOR_MS = 50;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function runOnce(call: HostileCall): string {
  try {
    if (call.kind === 'validate') return validate(call.request).valid ? 'valid' : 'invalid';
    convert(call.request);
    return 'ok';
  } catch (e) {
    if (isConversionError(e)) return e.code === 'invalid_input' ? 'invalid' : e.code;
    throw e;
  }
}

/** CPU ms of one call (one run: the path was warmed up on the smallest size). */
function measure(call: HostileCall): { ms: number; answer: string } {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = cpuMs();
  const answer = runOnce(call);
  return { ms: cpuMs() - t0, answer };
}

interface FamilyRow {
  family: string;
  slowestPath: string;
  ms: number[];
  answer: string;
  growth: number | null;
  growthPath: string;
  pass: boolean;
}

/** `only`: comma-separated parts of family names. */
export function runHostileBench(options: { only?: string; sizes?: number[] } = {}): FamilyRow[] {
  const sizes = options.sizes ?? HOSTILE_SIZES;
  const rows: FamilyRow[] = [];
  const wanted = options.only?.split(',');
  const families = HOSTILE_FAMILIES.filter((f) => wanted === undefined || wanted.some((w) => f.name.includes(w)));
  console.log(
    `\nHostile inputs (bench/hostile-inputs.ts): CPU ms at ${sizes.map(sizeLabel).join(', ')} of the slowest way to read each family ` +
      `(${HOSTILE_PATHS.map((p) => p.name).join(', ')}); "growth": the largest ratio of CPU time per doubling over all its ways ` +
      `(from ${RATIO_FLOOR_MS} ms up); PASS: growth < ${MAX_GROWTH}x and 1 MiB < ${MAX_1MB_MS} ms. One run each after a warm-up.`,
  );
  const header = ['family', 'slowest way', ...sizes.map(sizeLabel), 'answer', 'growth', ''];
  const widths = [Math.max(...families.map((f) => f.name.length)), 14, ...sizes.map(() => 8), 14, 22, 4];
  const fmt = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i >= 2 && i < 2 + sizes.length ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ') + ' |';
  console.log(fmt(header));
  console.log('|' + widths.map((w, i) => (i >= 2 && i < 2 + sizes.length ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const family of families) {
    const texts = sizes.map((n) => family.generate(n));
    let slowest: { path: string; ms: number[]; answer: string } | null = null;
    let growth: number | null = null;
    let growthPath = '';
    for (const path of HOSTILE_PATHS.filter((p) => p.input === family.input)) {
      runOnce(path.call(family.generate(16 * KIB))); // warm-up
      const results = texts.map((t) => measure(path.call(t)));
      const ms = results.map((r) => r.ms);
      for (let i = 1; i < ms.length; i++) {
        if (ms[i - 1]! < RATIO_FLOOR_MS && ms[i]! < RATIO_FLOOR_MS) continue;
        const g = ms[i]! / Math.max(ms[i - 1]!, RATIO_FLOOR_MS);
        if (growth === null || g > growth) {
          growth = g;
          growthPath = path.name;
        }
      }
      if (slowest === null || ms[ms.length - 1]! > slowest.ms[slowest.ms.length - 1]!) {
        slowest = { path: path.name, ms, answer: results[results.length - 1]!.answer };
      }
    }
    const last = slowest!.ms[slowest!.ms.length - 1]!;
    const pass = (growth === null || growth < MAX_GROWTH) && last < MAX_1MB_MS;
    rows.push({ family: family.name, slowestPath: slowest!.path, ms: slowest!.ms, answer: slowest!.answer, growth, growthPath, pass });
    console.log(
      fmt([
        family.name,
        slowest!.path,
        ...slowest!.ms.map((m) => m.toFixed(0)),
        slowest!.answer,
        growth === null ? '-' : `${growth.toFixed(2)}x ${growthPath}`,
        pass ? 'PASS' : 'FAIL',
      ]),
    );
  }
  const failed = rows.filter((r) => !r.pass);
  console.log(
    failed.length === 0
      ? `Hostile inputs: all ${rows.length} families PASS.`
      : `Hostile inputs: ${failed.length} of ${rows.length} families FAIL: ${failed.map((r) => r.family).join(', ')}.`,
  );
  return rows;
}

function sizeLabel(n: number): string {
  return n >= 1024 * KIB ? `${n / (1024 * KIB)} MiB` : `${n / KIB} KiB`;
}
