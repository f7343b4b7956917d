/**
 * Schema keywords a client could use to hold a worker do work linear in the document: a `pattern`
 * runs on RE2 (re2js), `uniqueItems` keys each item once. Work is counted, not timed (V8's block
 * coverage, bench/work-counter.ts, as test/converter/hostile.test.ts does), so the figures hold on a
 * busy machine. The CPU times before and after are measured by `npm run bench:schema:hostile`
 * (bench/README.md, "Hostile schemas").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { countWork, startCounting, stopCounting } from '@/bench/work-counter';

// Before lib/schema is loaded: V8 instruments the blocks of functions compiled from now on.
startCounting();
const { validateDocument } = await import('@/lib/schema');

afterAll(() => stopCounting());

const MAX_GROWTH = 2.5;

/** Work of a check of `input` (JSON) against `schema`, run once before (compiling the schema, warming RE2's state cache). */
function workOf(schema: object, input: string): number {
  validateDocument({ input, type: 'json', schema });
  return countWork(() => validateDocument({ input, type: 'json', schema }));
}

describe('hostile schemas: the work grows linearly with the document', () => {
  it('a pattern runs in JavaScript (RE2), in steps linear in the string', () => {
    const schema = { type: 'string', pattern: '^(a+)+$' };
    const n = 8192;
    const matching = [workOf(schema, JSON.stringify('a'.repeat(n))), workOf(schema, JSON.stringify('a'.repeat(2 * n)))];
    // V8's own engine does its work out of sight of the counter (about the same count at n and 2n);
    // RE2's steps are JavaScript: counted, about one per character.
    expect(matching[1]! - matching[0]!, JSON.stringify(matching)).toBeGreaterThan(n / 2);
    expect(matching[1]! / matching[0]!).toBeLessThan(MAX_GROWTH);
    // The catastrophic case of a backtracking engine (`!` at the end: no match) is as linear.
    const failing = [workOf(schema, JSON.stringify(`${'a'.repeat(n)}!`)), workOf(schema, JSON.stringify(`${'a'.repeat(2 * n)}!`))];
    expect(failing[1]! / failing[0]!, JSON.stringify(failing)).toBeLessThan(MAX_GROWTH);
  });

  it('uniqueItems over object items', () => {
    const items = (count: number, duplicate: boolean) => {
      const list = Array.from({ length: count }, (_, i) => `{"k":"${i}","v":[${i % 7},{"x":true}]}`);
      if (duplicate) list.push('{"v":[0,{"x":true}],"k":"0"}');
      return `[${list.join(',')}]`;
    };
    const n = 2000;
    for (const duplicate of [false, true]) {
      const growth = workOf({ uniqueItems: true }, items(2 * n, duplicate)) / workOf({ uniqueItems: true }, items(n, duplicate));
      // Pairwise comparison (ajv's own) grows about 4 times.
      expect(growth, `duplicate: ${duplicate}`).toBeLessThan(MAX_GROWTH);
    }
  });
});
