/**
 * Worst-case inputs do linear work. For every family of bench/hostile-inputs.ts
 * and every way its input is read (each conversion, with and without comments and anchors, and
 * validation), the work done at 2n is less than 2.5 times the work at n. Work is counted, not
 * timed: V8's block coverage counts every function call and loop iteration, in our code and in
 * the `yaml` package (bench/work-counter.ts), so the figure is the same on a busy machine.
 * Families whose output legitimately grows faster than their input (merges of merges, up to the
 * alias budget) are measured against input + output.
 */
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { countWork, startCounting, stopCounting } from '@/bench/work-counter';
import type { HostileCall } from '@/bench/hostile-inputs';

// Before the converter is loaded: V8 instruments the blocks of functions compiled from now on.
startCounting();
const { convert, validate, isConversionError, isDeadlineExceeded, DeadlineExceeded } = await import('@/lib/converter/index');
const { readYaml } = await import('@/lib/converter/yaml/read-yaml');
const { HOSTILE_FAMILIES, HOSTILE_PATHS } = await import('@/bench/hostile-inputs');

afterAll(() => stopCounting());

const N = 8192;
const MAX_GROWTH = 2.5;

/** Runs a call; the answer's size in characters (0 for a refusal or a validation). */
function run(call: HostileCall): number {
  try {
    if (call.kind === 'validate') {
      validate(call.request);
      return 0;
    }
    return convert(call.request).output.length;
  } catch (e) {
    if (isConversionError(e)) return 0;
    throw e;
  }
}

describe('hostile inputs: the work grows linearly with the input', () => {
  for (const family of HOSTILE_FAMILIES) {
    it(`${family.name}: ${family.about}`, () => {
      const small = family.generate(N);
      const big = family.generate(2 * N);
      const growth: Record<string, number> = {};
      for (const path of HOSTILE_PATHS.filter((p) => p.input === family.input)) {
        run(path.call(small)); // compiles what this path uses
        let out1 = 0;
        let out2 = 0;
        const w1 = countWork(() => (out1 = run(path.call(small))));
        const w2 = countWork(() => (out2 = run(path.call(big))));
        // Output-bound families: the work per character of input + output may not grow.
        const sizeRatio = family.outputBound ? (big.length + out2) / (small.length + out1) / 2 : 1;
        growth[path.name] = Math.round((w2 / w1 / sizeRatio) * 100) / 100;
      }
      const tooFast = Object.entries(growth).filter(([, g]) => !(g < MAX_GROWTH));
      expect(tooFast, `work at 2n / work at n, by path: ${JSON.stringify(growth)}`).toEqual([]);
    });
  }
});

describe('hostile inputs: refusals', () => {
  it('a long string aliased many times is refused by the alias budget, not expanded', () => {
    // 32 KB of text held 1,600 aliases of a 32,000-character string: 51 MB of output.
    const input = HOSTILE_FAMILIES.find((f) => f.name === 'yaml-alias-string-bomb')!.generate(64_000);
    for (const outputType of ['json', 'yaml'] as const) {
      for (const preserveComments of [false, true]) {
        let code: string | null = null;
        try {
          convert({ input, inputType: 'yaml', outputType, preserveComments });
        } catch (e) {
          code = isConversionError(e) ? e.code : String(e);
        }
        expect(code, `${outputType}, preserveComments ${preserveComments}`).toBe('limit_exceeded');
      }
    }
    // The same string aliased a few times is fine.
    const few = `- &s ${'x'.repeat(32_000)}\n- *s\n- *s\n`;
    expect(JSON.parse(convert({ input: few, inputType: 'yaml', outputType: 'json' }).output)).toHaveLength(3);
  });

  it('integers in base 2, 8, 16 and 60 longer than 4,300 digits are refused; 4,300 digits convert', () => {
    const long: [string, string][] = [
      ['a: 0x' + 'f'.repeat(4301), '1.2'],
      ['a: 0o' + '7'.repeat(4301), '1.2'],
      ['%YAML 1.1\n---\na: 0b' + '1'.repeat(4301), '1.1'],
      ['%YAML 1.1\n---\na: 0x' + 'f'.repeat(4301), '1.1'],
      ['%YAML 1.1\n---\na: 0' + '7'.repeat(4301), '1.1'],
      ['%YAML 1.1\n---\na: 1' + ':59'.repeat(1434), '1.1'],
      ['a: !!int 0x' + 'f'.repeat(4301), '1.2'],
    ];
    for (const [input] of long) {
      for (const outputType of ['json', 'yaml'] as const) {
        expect(() => convert({ input, inputType: 'yaml', outputType }), input.slice(0, 30)).toThrow(/limit of 4,300 digits/);
      }
    }
    const ok = convert({ input: 'a: 0x' + 'f'.repeat(4300), inputType: 'yaml', outputType: 'json' }).output;
    expect(ok).toBe(`{\n  "a": ${(16n ** 4300n - 1n).toString()}\n}\n`);
    // Decimal integers of any length are kept as written.
    expect(convert({ input: 'a: ' + '9'.repeat(100_000), inputType: 'yaml', outputType: 'json' }).output).toContain('9'.repeat(100_000));
  });
});

describe('hostile inputs: the deadline is checked while the work runs', () => {
  // The families that did quadratic work, and some of every kind: the converter checks its
  // deadline per token, line, node or value, so the server can stop a job on its request thread.
  const families = [
    'yaml-unclosed-flow',
    'yaml-unclosed-dquote',
    'yaml-tab-indent',
    'yaml-many-keys',
    'yaml-many-keys-flow',
    'yaml-merge-big-repeat',
    'yaml-merge-big-copies',
    'yaml-merge-chain',
    'yaml-alias-string-bomb',
    'yaml-json-text-keys',
    'yaml-many-documents',
    'yaml-many-aliases',
    'yaml-trailing-comments',
    'yaml-many-directives',
    'json-many-keys',
    'json-dup-keys',
    'json-deep-valid',
  ];
  const n = 64_000;
  for (const name of families) {
    it(name, () => {
      const family = HOSTILE_FAMILIES.find((f) => f.name === name)!;
      const input = family.generate(n);
      for (const path of HOSTILE_PATHS.filter((p) => p.input === family.input)) {
        const call = path.call(input);
        const runWith = (deadline: { check(): void }) =>
          call.kind === 'convert' ? convert(call.request, { deadline }) : validate(call.request, { deadline });
        let calls = 0;
        try {
          runWith({ check: () => void calls++ });
        } catch (e) {
          if (!isConversionError(e)) throw e;
        }
        // Checks all along (the hottest loops check once per 64 lines or values).
        expect(calls, path.name).toBeGreaterThan(n / 5000);
        // A deadline that runs out half way stops the job with DeadlineExceeded, whatever it was doing.
        let left = Math.floor(calls / 2);
        let thrown: unknown = null;
        try {
          runWith({
            check: () => {
              if (--left < 0) throw new DeadlineExceeded(50);
            },
          });
        } catch (e) {
          thrown = e;
        }
        expect(isDeadlineExceeded(thrown), `${path.name}: ${String(thrown)}`).toBe(true);
      }
    });
  }
});

describe('hostile inputs: the deadline holds on the error paths', () => {
  // The request thread stops a job at its deadline's first check after the time is up, so what
  // the converter does between two checks is how far a job can overrun it. The `yaml` package's
  // composer once turned each stray token into an Error with a stack trace, all between two
  // checks: 12 KB of `- ]` lines ran 57 ms against a 30 ms deadline. Work is counted (V8 block
  // coverage), not timed. Not covered: the composition of one document and the parser's closing
  // of its open levels run inside the `yaml` package without a check (bounded by the body, and the
  // job's account then goes to a worker: lib/api/run-converter.ts).
  const MAX_SHARE = 0.02;
  const input = '- ]\n'.repeat(3_000);
  for (const kind of ['convert', 'validate'] as const) {
    it(`${kind}, 12 KB of \`- ]\` lines: no stretch between two checks holds ${MAX_SHARE * 100}% of the work`, () => {
      const runWith = (deadline: { check(): void }) =>
        kind === 'convert'
          ? convert({ input, inputType: 'yaml', outputType: 'json' }, { deadline })
          : validate({ input, type: 'yaml' }, { deadline });
      expect(longStretches(runWith, MAX_SHARE), '[checks passed before the stretch, its share of the work]').toEqual([]);
    });
  }
});

/**
 * Stretches of work between two consecutive deadline checks over `share` of the whole job, as
 * [checks passed before it, its share]. work(k) is the work of a run whose deadline throws at its
 * (k+1)th check, so work(k+1) - work(k) is the stretch from the (k+1)th check to the next;
 * bisection finds every one over `share` in a few dozen runs instead of one per check.
 */
function longStretches(runWith: (deadline: { check(): void }) => unknown, share: number): Array<[number, string]> {
  let checks = 0;
  try {
    runWith({ check: () => void checks++ });
  } catch (e) {
    if (!isConversionError(e)) throw e;
  }
  const known = new Map<number, number>();
  const work = (k: number) => {
    let w = known.get(k);
    if (w === undefined) {
      let left = k;
      w = countWork(() =>
        runWith({
          check() {
            if (--left < 0) throw new DeadlineExceeded(30);
          },
        }),
      );
      known.set(k, w);
    }
    return w;
  };
  const total = work(checks + 1);
  const found: Array<[number, string]> = [];
  // From the first check to the last: the answer after it is made once per job, whatever the input.
  const search = (from: number, to: number) => {
    if (work(to) - work(from) <= share * total) return;
    if (to - from === 1) found.push([from, `${(((work(to) - work(from)) / total) * 100).toFixed(1)}%`]);
    else {
      const middle = (from + to) >>> 1;
      search(from, middle);
      search(middle, to);
    }
  };
  search(0, checks - 1);
  return found;
}

describe('duplicate keys, found by a Set per mapping', () => {
  // Pieces of mappings, glued at random: the same DUPLICATE_KEY positions as the `yaml`
  // package's own pairwise check (uniqueKeys: true), on every input it finds no other error in.
  const pieces = [
    'a: 1\n',
    'a: 2\n',
    '? \n: 1\n',
    '?\n: 1\n',
    '?   # c\n: 2\n',
    ': 3\n',
    '&x a: 4\n',
    '!!str a: 5\n',
    '"a": 6\n',
    '1: x\n',
    '0x1: y\n',
    '~: 1\n',
    'null: 2\n',
    '.nan: 1\n',
    '<<: {b: 1}\n',
    '- a: 1\n  a: 2\n',
    '{a: 1, a: 2, : 3, : 4}\n',
    '{? : 1, ? : 2}\n',
    '[a: 1, a: 2]\n',
    'b:\n  c: 1\n  c: 2\n',
    '? a\n: 7\n',
    '? [a]\n: 1\n',
    '{?\n: 1, ?\n: 2}\n',
    'k: {x: 1,\n  x: 2}\n',
    '? |\n  a\n: 1\n',
    '"\\x41": 1\nA: 2\n',
    '\r\n',
    '?\r\n: 1\r\n',
    '---\n',
  ];
  it('reports them where the yaml package does', () => {
    let seed = 1;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let compared = 0;
    let withDuplicates = 0;
    for (let t = 0; t < 3000; t++) {
      let text = '';
      for (let i = 1 + rand(5); i > 0; i--) text += pieces[rand(pieces.length)];
      const docs = parseAllDocuments(text, { merge: true, uniqueKeys: true, strict: true, resolveKnownTags: false, prettyErrors: false });
      const list = Array.isArray(docs) ? docs : [docs];
      if (list.some((d) => d.errors.some((e) => e.code !== 'DUPLICATE_KEY'))) continue;
      const lineCol = (offset: number) => {
        const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
        return `${lines.length}:${lines[lines.length - 1]!.length + 1}`;
      };
      const expected = list.flatMap((d) => d.errors.map((e) => lineCol(e.pos[0]))).sort();
      const got = readYaml(text, { comments: false, anchors: true, target: 'yaml' })
        .errors.filter((e) => e.code === 'DUPLICATE_KEY')
        .map((e) => `${e.line}:${e.column}`)
        .sort();
      expect(got, JSON.stringify(text)).toEqual(expected);
      compared++;
      if (expected.length > 0) withDuplicates++;
    }
    expect(compared).toBeGreaterThan(500);
    expect(withDuplicates).toBeGreaterThan(200);
  });
});
