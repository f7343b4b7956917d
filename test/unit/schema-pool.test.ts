/**
 * A validate job with a schema runs in the worker pool, never on the request thread: ajv's generated
 * code cannot be stopped by a deadline, and the worker's time limit cuts a check that runs too long.
 */
import { describe, expect, it } from 'vitest';
import type { BodyBytes } from '@/lib/jobs/body-bytes';
import type { ConversionJob } from '@/lib/jobs/conversion-job';
import type { ConversionPool, RunLimits } from '@/lib/api/run-converter';
import { ConversionError } from '@/lib/converter';
import { workerPools } from '../helpers/worker-pools';

// The server's split: small bodies start on the request thread.
const workers = workerPools('schema-test', { maxWorkers: 1 });
const pool = (overrides: Partial<RunLimits> = {}) => workers.pool(overrides);

function validateJob(request: Record<string, unknown>): ConversionJob {
  const block = new TextEncoder().encode(JSON.stringify(request));
  const body: BodyBytes = { blocks: [block], byteLength: block.byteLength };
  return { kind: 'validate', body, limit: { maxInputBytes: 1_000_000 } };
}

const answer = async (p: ConversionPool, job: ConversionJob) => JSON.parse(new TextDecoder().decode((await p.run(job)).body));

describe('schema validation in the worker pool', () => {
  it('answers a small validate job without a schema on the request thread, and one with a schema in a worker', async () => {
    const p = pool();
    p.start();
    expect(await answer(p, validateJob({ input: 'a: 1', type: 'yaml' }))).toStrictEqual({ success: true, valid: true, errors: [] });
    expect(p.counters()).toStrictEqual({ inProcess: 1, handedOver: 0, inWorker: 0 });
    const body = await answer(p, validateJob({ input: 'a: x', type: 'yaml', schema: { properties: { a: { type: 'integer' } } } }));
    expect(body.errors).toStrictEqual([
      { message: '/a must be integer.', line: 1, column: 4, code: 'SCHEMA_TYPE', path: '/a', keyword: 'type', schemaPath: '#/properties/a/type' },
    ]);
    expect(p.counters()).toStrictEqual({ inProcess: 1, handedOver: 1, inWorker: 1 });
  });

  it('cuts a check that runs too long with the time limit (422 limit_exceeded), and the next check is answered', async () => {
    const p = pool({ timeoutMs: 2000 });
    p.start();
    const [before] = p.workerThreadIds();
    // Each level applies the next one twice to the same value: 2^48 checks of `x`, hours, not milliseconds.
    // (Patterns no longer can: they run in linear time, test/schema/hostile-schemas.test.ts.)
    const $defs: Record<string, unknown> = { d48: { type: 'string' } };
    for (let i = 0; i < 48; i++) $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    const hostile = validateJob({ input: 'x: aaa', type: 'yaml', schema: { properties: { x: { $ref: '#/$defs/d0' } }, $defs } });
    let err: unknown;
    try {
      await p.run(hostile);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('limit_exceeded');
    expect((err as ConversionError).message).toBe('Converting this input took longer than 2 s, the limit for one conversion.');
    expect(p.workerThreadIds()).not.toContain(before);
    const next = await answer(p, validateJob({ input: 'x: aaa', type: 'yaml', schema: { properties: { x: { pattern: '^(a+)+$' } } } }));
    expect(next).toStrictEqual({ success: true, valid: true, errors: [] });
  });
});
