/** Conversions in worker threads: same answers as in-process, and bounded in memory, time and number. */
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { defaultRunLimits, runConvert, runValidate, type RunLimits } from '@/lib/api/run-converter';
import { ConversionError, convert } from '@/lib/converter';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildWorker } from '@/scripts/build-worker.mjs';

let limits: RunLimits;

beforeAll(async () => {
  const workerFile = await buildWorker(path.join(os.tmpdir(), `yamljson-worker-${process.pid}.cjs`));
  // Every input goes to a worker here.
  limits = { ...defaultRunLimits, workerFile, workerFromChars: 0 };
});

const bigYaml = (items: number) => '- {name: item, tags: [a, b, c], value: 12345678901234567890}\n'.repeat(items);

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('runConvert in a worker', () => {
  it('gives exactly the in-process answer', async () => {
    const request = { input: 'b: 1\n2: &x [1.50, yes]\nc: *x\n', inputType: 'yaml', outputType: 'json' };
    const result = await runConvert(request, undefined, limits);
    expect({ ...result, metadata: { ...result.metadata, processingMs: 0 } }).toEqual({
      ...convert(request),
      metadata: { ...convert(request).metadata, processingMs: 0 },
    });
  });

  it('passes the converter errors through with their code and details', async () => {
    const err = await rejection(runConvert({ input: 'a: 1\na: 2\n', inputType: 'yaml', outputType: 'json' }, undefined, limits));
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('invalid_input');
    expect((err as ConversionError).details).toEqual([
      { message: 'Map keys must be unique: this key appears earlier in the same mapping.', line: 2, column: 1, code: 'DUPLICATE_KEY' },
    ]);
  });

  it('runs validate too', async () => {
    expect(await runValidate({ input: '{"a": 1,}', type: 'json' }, undefined, limits)).toMatchObject({
      success: true,
      valid: false,
      errors: [{ code: 'TRAILING_COMMA' }],
    });
  });

  it('answers limit_exceeded when a conversion needs more memory than a worker may use, and the process lives on', async () => {
    const err = await rejection(
      runConvert({ input: bigYaml(40_000), inputType: 'yaml', outputType: 'json' }, undefined, { ...limits, memoryMb: 16 }),
    );
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('limit_exceeded');
    expect((err as ConversionError).message).toBe(
      'Converting this input needs more than 16 MB of memory, the limit for one conversion.',
    );
    expect(await runConvert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, undefined, limits)).toMatchObject({
      output: '{\n  "a": 1\n}\n',
    });
  });

  it('answers limit_exceeded when a conversion outlives the time limit', async () => {
    const err = await rejection(
      runConvert({ input: bigYaml(20_000), inputType: 'yaml', outputType: 'json' }, undefined, { ...limits, timeoutMs: 1 }),
    );
    expect((err as ConversionError).code).toBe('limit_exceeded');
    expect((err as ConversionError).message).toBe('Converting this input took longer than 0.001 s, the limit for one conversion.');
  });

  it('stops the work of a client that went away', async () => {
    const controller = new AbortController();
    const pending = runConvert({ input: bigYaml(20_000), inputType: 'yaml', outputType: 'json' }, controller.signal, limits);
    controller.abort();
    const err = await rejection(pending);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('The client closed the request; its conversion was stopped.');
  });

  it('answers 503 unavailable with Retry-After when every worker is busy and the queue is full', async () => {
    const busy = { ...limits, maxWorkers: 1, maxQueued: 0 };
    const first = runConvert({ input: bigYaml(5_000), inputType: 'yaml', outputType: 'json' }, undefined, busy);
    const err = await rejection(runConvert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, undefined, busy));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('unavailable');
    expect((err as ApiError).headers).toEqual({ 'Retry-After': '5' });
    await first;
    // The slot is free again.
    await expect(runConvert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, undefined, busy)).resolves.toMatchObject({
      success: true,
    });
  });
});
