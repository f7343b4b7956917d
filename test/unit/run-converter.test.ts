/** Conversions in the worker pool: same answers as in-process, and bounded in memory, time and number. */
import { describe, expect, it } from 'vitest';
import type { BodyBytes } from '@/lib/jobs/body-bytes';
import { answerJob, type ConversionJob, type JobAnswer } from '@/lib/jobs/conversion-job';
import { ApiError } from '@/lib/api/errors';
import { NO_DEADLINE } from '@/lib/converter';
import { WORKER_FROM_BYTES, type RunLimits } from '@/lib/api/run-converter';
import { handleConvert } from '@/lib/api/handlers/convert';
import { handleValidate } from '@/lib/api/handlers/validate';
import { ConversionError, DEFAULT_OPTIONS, DeadlineExceeded, deadlineIn } from '@/lib/converter';
import { testServices } from '../helpers/services';
import { workerPools } from '../helpers/worker-pools';

// Every body goes to a worker here.
const workers = workerPools('test', { workerFromBytes: 0, maxWorkers: 1 });
const pool = (overrides: Partial<RunLimits> = {}) => workers.pool(overrides);

const bytes = (text: string): BodyBytes => {
  const block = new TextEncoder().encode(text);
  return { blocks: [block], byteLength: block.byteLength };
};
const convertJob = (request: Record<string, unknown>, maxInputBytes = 100_000_000): ConversionJob => ({
  kind: 'convert',
  body: bytes(JSON.stringify(request)),
  limit: { maxInputBytes },
});
const yamlToJson = (input: string) => convertJob({ input, inputType: 'yaml', outputType: 'json' });
const bigYaml = (items: number) => '- {name: item, tags: [a, b, c], value: 12345678901234567890}\n'.repeat(items);
/** 18 MB of YAML: long enough to still be running when a test stops it, even with a much faster converter. */
const LONG = bigYaml(300_000);
const text = (answer: JobAnswer) => new TextDecoder().decode(answer.body);
/** The `output` of a JSON-mode answer. */
const output = (answer: JobAnswer) => JSON.parse(text(answer)).output;
const withoutTime = (json: string) => JSON.parse(json, (key, value) => (key === 'processingMs' ? 0 : value));

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('the conversion pool', () => {
  it('gives exactly the in-process answer', async () => {
    const request = { input: 'b: 1\n2: &x [1.50, yes]\nc: *x\n', inputType: 'yaml', outputType: 'json' };
    const answer = await pool().run(convertJob(request));
    expect(withoutTime(text(answer))).toStrictEqual(withoutTime(text(answerJob(convertJob(request)))));
    expect(output(answer)).toBe('{\n  "b": 1,\n  "2": [\n    1.50,\n    "yes"\n  ],\n  "c": [\n    1.50,\n    "yes"\n  ]\n}\n');
  });

  it('answers raw mode with the document and its metadata', async () => {
    const job: ConversionJob = {
      kind: 'convert-raw',
      body: bytes('{"a": [1, 2], // c\n}'),
      request: { from: 'json', to: 'yaml', options: DEFAULT_OPTIONS },
    };
    const answer = await pool().run(job);
    expect(text(answer)).toBe('a:\n  - 1\n  - 2\n');
    expect({ ...answer.conversion, metadata: { ...answer.conversion!.metadata, processingMs: 0 } }).toStrictEqual({
      success: true,
      metadata: { inputSize: 20, outputSize: 15, processingMs: 0, anchorsCount: 0, commentsCount: 1, documents: 1 },
      warnings: [],
    });
  });

  it('runs validate too', async () => {
    const job: ConversionJob = { kind: 'validate', body: bytes('{"input": "{\\"a\\": 1,}", "type": "json"}'), limit: { maxInputBytes: 100 } };
    expect(JSON.parse(text(await pool().run(job)))).toMatchObject({ success: true, valid: false, errors: [{ code: 'TRAILING_COMMA' }] });
  });

  it('passes the converter errors through with their code and details', async () => {
    const err = await rejection(pool().run(yamlToJson('a: 1\na: 2\n')));
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('invalid_input');
    expect((err as ConversionError).details).toEqual([
      { message: 'Duplicate key "a": first on line 1, again on line 2.', line: 2, column: 1, code: 'DUPLICATE_KEY' },
    ]);
  });

  it('passes the request errors through as ApiErrors: bad JSON, a bad field, an input over the plan limit', async () => {
    const p = pool();
    const badJson = await rejection(p.run({ kind: 'convert', body: bytes('{"input": '), limit: { maxInputBytes: 100 } }));
    expect(badJson).toBeInstanceOf(ApiError);
    expect((badJson as ApiError).code).toBe('bad_request');
    expect((badJson as ApiError).message).toMatch(/^The request body is not valid JSON: /);
    const badField = await rejection(p.run(convertJob({ input: 1, inputType: 'yaml', outputType: 'json' })));
    expect((badField as ApiError).message).toBe('Field "input" must be a string.');
    const tooBig = await rejection(
      p.run({
        kind: 'convert',
        body: bytes(JSON.stringify({ input: 'a'.repeat(2000), inputType: 'yaml', outputType: 'json' })),
        limit: { maxInputBytes: 1000, planName: 'Free' },
      }),
    );
    expect(tooBig).toBeInstanceOf(ApiError);
    expect([(tooBig as ApiError).code, (tooBig as ApiError).message]).toStrictEqual([
      'payload_too_large',
      'Input is 2 kB; the Free plan accepts up to 1 kB.',
    ]);
  });

  it('hands the body to the worker by transfer, not by copy', async () => {
    const job = yamlToJson('a: 1\n');
    const block = job.body.blocks[0]!;
    const pending = pool().run(job);
    // Transferred: the main thread's view is detached at once.
    expect(block.byteLength).toBe(0);
    expect(output(await pending)).toBe('{\n  "a": 1\n}\n');
  });

  it('answers small bodies in-process, without starting a worker', async () => {
    // No deadline: on a busy machine the first conversion (code not yet compiled) can outlast 30 ms of wall time.
    const p = workers.pool({ workerFromBytes: 1024 }, { deadline: () => NO_DEADLINE });
    expect(output(await p.run(yamlToJson('a: 1\n')))).toBe('{\n  "a": 1\n}\n');
    expect(p.workerThreadIds()).toEqual([]);
  });
});

describe('the conversion pool under limits', () => {
  it('answers limit_exceeded when a conversion needs more memory than a worker may use, and replaces the worker', async () => {
    const p = pool({ memoryMb: 16 });
    const err = await rejection(p.run(yamlToJson(bigYaml(100_000))));
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('limit_exceeded');
    expect((err as ConversionError).message).toBe('Converting this input needs more than 16 MB of memory, the limit for one conversion.');
    expect(output(await p.run(yamlToJson('a: 1')))).toBe('{\n  "a": 1\n}\n');
    expect(p.workerThreadIds()).toHaveLength(1);
  });

  it('answers limit_exceeded when a conversion outlives the time limit, stops its worker and starts a new one', async () => {
    const p = pool({ timeoutMs: 1 });
    p.start();
    const [before] = p.workerThreadIds();
    const err = await rejection(p.run(yamlToJson(LONG)));
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('limit_exceeded');
    expect((err as ConversionError).message).toBe('Converting this input took longer than 0.001 s, the limit for one conversion.');
    expect(p.workerThreadIds()).not.toContain(before);
    expect(p.workerThreadIds()).toHaveLength(1);
  });

  it("answers limit_exceeded naming the plan's limit when a conversion outlives it, other plans keeping theirs, all capped by the server's", async () => {
    const p = pool({ planTimeoutsMs: { free: 1, pro: 60_000, enterprise: 60_000 } });
    const err = await rejection(p.run(yamlToJson(bigYaml(40_000)), undefined, { userId: 'F', plan: 'free' }));
    expect(err).toBeInstanceOf(ConversionError);
    expect([(err as ConversionError).code, (err as ConversionError).message]).toStrictEqual([
      'limit_exceeded',
      "Converting this input took longer than 0.001 s, the Free plan's limit for one conversion.",
    ]);
    expect(output(await p.run(yamlToJson('a: 1'), undefined, { userId: 'P', plan: 'pro' }))).toBe('{\n  "a": 1\n}\n');
    // The server's limit (CONVERSION_TIMEOUT_MS) caps every plan's, and is then the one named.
    const capped = pool({ timeoutMs: 1, planTimeoutsMs: { free: 60_000, pro: 60_000, enterprise: 60_000 } });
    const cut = await rejection(capped.run(yamlToJson(bigYaml(40_000)), undefined, { userId: 'E', plan: 'enterprise' }));
    expect([(cut as ConversionError).code, (cut as ConversionError).message]).toStrictEqual([
      'limit_exceeded',
      'Converting this input took longer than 0.001 s, the limit for one conversion.',
    ]);
  });

  it('stops the work of a client that went away, and the pool carries on', async () => {
    const p = pool();
    p.start();
    const [before] = p.workerThreadIds();
    const client = new AbortController();
    const pending = p.run(yamlToJson(LONG), client.signal);
    await until(() => p.stats().running === 1, 'the conversion runs');
    client.abort();
    const err = await rejection(pending);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('The client closed the request; its conversion was stopped.');
    // The worker that ran it was terminated, not left to finish.
    expect(p.workerThreadIds()).not.toContain(before);
    expect(p.stats()).toStrictEqual({ running: 0, queued: 0 });
    expect(output(await p.run(yamlToJson('a: 1')))).toBe('{\n  "a": 1\n}\n');
  });

  it('drops a waiting conversion from the queue when its client goes away', async () => {
    const p = pool();
    const first = new AbortController();
    const running = p.run(yamlToJson(LONG), first.signal);
    await until(() => p.stats().running === 1, 'the first conversion runs');
    const second = new AbortController();
    const waiting = p.run(yamlToJson('a: 1'), second.signal);
    expect(p.stats()).toStrictEqual({ running: 1, queued: 1 });
    second.abort();
    expect(((await rejection(waiting)) as ApiError).message).toBe('The client closed the request; its conversion was stopped.');
    expect(p.stats()).toStrictEqual({ running: 1, queued: 0 });
    first.abort();
    await rejection(running);
  });

  it('answers 503 unavailable with Retry-After when every worker is busy and the queue is full', async () => {
    const p = pool({ maxQueued: 1 });
    const first = p.run(yamlToJson(bigYaml(5_000)));
    const second = p.run(yamlToJson('b: 2'));
    const block = yamlToJson('c: 3');
    const err = await rejection(p.run(block));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('unavailable');
    expect((err as ApiError).headers).toStrictEqual({ 'Retry-After': '5' });
    // Refused before the body was handed over.
    expect(block.body.blocks[0]!.byteLength).toBeGreaterThan(0);
    await Promise.all([first, second]);
    // The places are free again.
    expect(output(await p.run(block))).toBe('{\n  "c": 3\n}\n');
  });
});

describe('the request thread', () => {
  /** 20 KB of comment: a body over 16 KiB (below which jobs once always started on the request thread). */
  const padding = `\n${'#'.repeat(20_000)}\n`;
  /** A deadline already past at its first check, counting its checks (the converter calls check() as it works). */
  const pastDeadline = () => {
    const made = { checks: 0 };
    const deadline = {
      check() {
        made.checks++;
        throw new DeadlineExceeded(30);
      },
    };
    return { made, factory: () => deadline };
  };

  it('hands a conversion that runs past its deadline to a worker, which answers it in full', async () => {
    const { made, factory } = pastDeadline();
    const p = workers.pool({ workerFromBytes: 1024 }, { deadline: factory });
    const request = { input: 'b: 1\n2: &x [1.50, yes]\nc: *x\n', inputType: 'yaml', outputType: 'json' };
    const answer = await p.run(convertJob(request));
    expect(made.checks).toBeGreaterThan(0);
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 1, inWorker: 1 });
    expect(p.workerThreadIds()).toHaveLength(1);
    expect(withoutTime(text(answer))).toStrictEqual(withoutTime(text(answerJob(convertJob(request)))));
  });

  it('hands over validate and raw mode the same way, errors included', async () => {
    const p = workers.pool({ workerFromBytes: 1024 }, { deadline: pastDeadline().factory });
    const invalid: ConversionJob = { kind: 'validate', body: bytes('{"input": "a: [1, 2", "type": "yaml"}'), limit: { maxInputBytes: 100 } };
    // Three accounts: an account whose job ran late skips the request thread for a while (next test).
    expect(JSON.parse(text(await p.run(invalid, undefined, 'A')))).toMatchObject({ success: true, valid: false, errors: [{ line: 1 }] });
    const raw: ConversionJob = { kind: 'convert-raw', body: bytes('{"a": [1, 2]}'), request: { from: 'json', to: 'yaml', options: DEFAULT_OPTIONS } };
    expect(text(await p.run(raw, undefined, 'B'))).toBe('a:\n  - 1\n  - 2\n');
    const duplicate = await rejection(p.run(yamlToJson('a: 1\na: 2\n'), undefined, 'C'));
    expect((duplicate as ConversionError).code).toBe('invalid_input');
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 3, inWorker: 3 });
  });

  it("sends an account's next jobs straight to a worker once one ran past the deadline working, and only that account's", async () => {
    const { made, factory } = pastDeadline();
    let late = true;
    // The thread's CPU clock says the late job worked its whole deadline on the request thread.
    let cpu = 0;
    const threadCpu = () => (late ? (cpu += 30) : cpu);
    const p = workers.pool({ workerFromBytes: 64 * 1024 }, { deadline: (ms) => (late ? factory() : deadlineIn(ms)), threadCpu });
    // Three at once, as an attacker would send them: one deadline on the request thread, not three.
    const first = await Promise.all([1, 2, 3].map((i) => p.run(yamlToJson(`x: ${i}${padding}`), undefined, 'X')));
    expect(first.map(output)).toEqual(['{\n  "x": 1\n}\n', '{\n  "x": 2\n}\n', '{\n  "x": 3\n}\n']);
    expect(made.checks).toBe(1);
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 1, inWorker: 3 });
    late = false;
    expect(output(await p.run(yamlToJson(`y: 1${padding}`), undefined, 'Y'))).toBe('{\n  "y": 1\n}\n');
    // Tiny bodies of the late account go to a worker too: their size says nothing of their cost.
    expect(output(await p.run(yamlToJson('x: 4'), undefined, 'X'))).toBe('{\n  "x": 4\n}\n');
    expect(p.counters()).toStrictEqual({ inProcess: 1, handedOver: 1, inWorker: 4 });
  });

  it("does not mark an account whose job only waited past the deadline (a busy machine's pause, no CPU time of its own)", async () => {
    const { factory } = pastDeadline();
    let paused = true;
    const p = workers.pool({ workerFromBytes: 64 * 1024 }, { deadline: (ms) => (paused ? factory() : deadlineIn(ms)), threadCpu: () => 0 });
    // The clock ran out, the thread did no work: the job is handed over, the account is not marked.
    expect(output(await p.run(yamlToJson(`x: 1${padding}`), undefined, 'X'))).toBe('{\n  "x": 1\n}\n');
    paused = false;
    expect(output(await p.run(yamlToJson(`x: 2${padding}`), undefined, 'X'))).toBe('{\n  "x": 2\n}\n');
    expect(output(await p.run(yamlToJson('x: 3'), undefined, 'X'))).toBe('{\n  "x": 3\n}\n');
    expect(p.counters()).toStrictEqual({ inProcess: 2, handedOver: 1, inWorker: 1 });
  });

  it('sends the small hostile family (12 KB of "- ]" lines, a body under 16 KiB) to a worker after its first deadline, and keeps healthy accounts here', async () => {
    // Work is counted, not timed: the deadline runs out after 2,000 of the converter's checks, and
    // the thread's CPU clock advances 0.01 ms per check (this body makes about 90,000).
    let checks = 0;
    let deadlines = 0;
    const afterChecks = () => {
      deadlines++;
      let left = 2_000;
      return {
        check() {
          checks++;
          if (--left < 0) throw new DeadlineExceeded(30);
        },
      };
    };
    const p = workers.pool({ workerFromBytes: WORKER_FROM_BYTES }, { deadline: afterChecks, threadCpu: () => checks / 100 });
    const input = '- ]\n'.repeat(3_000);
    const convert = () => convertJob({ input, inputType: 'yaml', outputType: 'json' }, 1_000_000);
    const validate = (): ConversionJob => ({
      kind: 'validate',
      body: bytes(JSON.stringify({ input, type: 'yaml' })),
      limit: { maxInputBytes: 1_000_000 },
    });
    expect(convert().body.byteLength).toBeLessThan(16 * 1024);
    for (let i = 0; i < 4; i++) {
      const err = await rejection(p.run(convert(), undefined, 'H'));
      expect([(err as ConversionError).code, (err as ConversionError).details?.length]).toStrictEqual(['invalid_input', 100]);
      expect(JSON.parse(text(await p.run(validate(), undefined, 'H')))).toMatchObject({ success: true, valid: false });
    }
    // One deadline spent on the request thread for the hostile account's eight requests; the rest went straight to a worker.
    expect(deadlines).toBe(1);
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 1, inWorker: 8 });
    // Another account's valid requests are still answered on the request thread.
    for (let i = 0; i < 3; i++) expect(output(await p.run(yamlToJson(`h: ${i}\n`), undefined, 'G'))).toBe(`{\n  "h": ${i}\n}\n`);
    expect(p.counters()).toStrictEqual({ inProcess: 3, handedOver: 1, inWorker: 8 });
  });

  it("sends an account's next jobs to a worker after one ran long on the request thread without stopping", async () => {
    // A deadline whose checks never throw, but whose first check works (on the thread's CPU clock) for four deadlines.
    let slow = true;
    let cpu = 0;
    const p = workers.pool(
      { workerFromBytes: 64 * 1024, inProcessDeadlineMs: 5 },
      { deadline: () => ({ check: () => void (slow ? (cpu += 20) : undefined) }), threadCpu: () => cpu },
    );
    expect(output(await p.run(yamlToJson(`x: 1${padding}`), undefined, 'X'))).toBe('{\n  "x": 1\n}\n');
    slow = false;
    expect(output(await p.run(yamlToJson(`x: 2${padding}`), undefined, 'X'))).toBe('{\n  "x": 2\n}\n');
    expect(output(await p.run(yamlToJson(`y: 1${padding}`), undefined, 'Y'))).toBe('{\n  "y": 1\n}\n');
    expect(p.counters()).toStrictEqual({ inProcess: 2, handedOver: 0, inWorker: 1 });
  });

  it('parses a body with more structure than a request needs in a worker (JSON.parse grows faster than the body on deep nesting)', async () => {
    const p = pool({ workerFromBytes: 1024 * 1024 });
    const deep = `{"input": "a: 1", "inputType": "yaml", "outputType": "json", "extra": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const job: ConversionJob = { kind: 'convert', body: bytes(deep), limit: { maxInputBytes: 100 } };
    expect(output(await p.run(job, undefined, 'A'))).toBe('{\n  "a": 1\n}\n');
    const many = `{"input": "a: 1", "type": "yaml", "extra": [${Array(5000).fill('1').join(',')}]}`;
    const validateJob: ConversionJob = { kind: 'validate', body: bytes(many), limit: { maxInputBytes: 100 } };
    expect(JSON.parse(text(await p.run(validateJob, undefined, 'B')))).toStrictEqual({ success: true, valid: true, errors: [] });
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 2, inWorker: 2 });
  });

  it('stops a real hostile input midway through its reading (the converter checks its deadline in its loops) and a worker answers it in full', async () => {
    // The deadline passes at its 200th check: reached only if the converter checks inside its loops (the checks
    // before and after reading are a handful), as it must for the request thread to stop a 260 KB `- [` body.
    const afterChecks = (allowed: number) => () => {
      let checks = 0;
      return {
        check() {
          if (++checks > allowed) throw new DeadlineExceeded(30);
        },
      };
    };
    const hostile = [
      { kind: 'validate' as const, request: { input: '- [\n'.repeat(65_000), type: 'yaml' } },
      {
        kind: 'convert' as const,
        request: { input: `a: &a {x: 1, y: 2}\nb:\n${'  <<: *a\n'.repeat(20_000)}`, inputType: 'yaml', outputType: 'json' },
      },
      { kind: 'validate' as const, request: { input: Array.from({ length: 20_000 }, (_, i) => `k${i}: "v\n`).join(''), type: 'yaml' } },
    ];
    const p = workers.pool({ workerFromBytes: 1024 * 1024 }, { deadline: afterChecks(200) });
    const outcome = (answer: JobAnswer) => withoutTime(text(answer));
    const failure = (err: unknown) => ({ failed: (err as { code?: string }).code ?? String(err) });
    for (const [i, { kind, request }] of hostile.entries()) {
      // A job per run: its body's blocks are transferred to the worker.
      const job = (): ConversionJob => ({ kind, body: bytes(JSON.stringify(request)), limit: { maxInputBytes: 1_000_000 } });
      // An account each: an account whose job ran late sends its next ones straight to a worker.
      const viaPool = await p.run(job(), undefined, `account-${i}`).then(outcome, failure);
      let direct: unknown;
      try {
        direct = outcome(answerJob(job()));
      } catch (err) {
        direct = failure(err);
      }
      expect(viaPool).toStrictEqual(direct);
    }
    expect(p.counters()).toStrictEqual({ inProcess: 0, handedOver: 3, inWorker: 3 });
  });

  it('answers on the request thread what fits in its deadline, and refuses bad requests there', async () => {
    const p = pool({ workerFromBytes: 1024 });
    expect(output(await p.run(yamlToJson('a: 1\n')))).toBe('{\n  "a": 1\n}\n');
    const badJson = await rejection(p.run({ kind: 'convert', body: bytes('{"input": '), limit: { maxInputBytes: 100 } }));
    expect((badJson as ApiError).code).toBe('bad_request');
    expect(p.counters()).toStrictEqual({ inProcess: 2, handedOver: 0, inWorker: 0 });
    expect(p.workerThreadIds()).toEqual([]);
  });
});

describe('turns between accounts', () => {
  /** Long enough to still be running while the other jobs are entered. */
  const longJob = () => yamlToJson(bigYaml(40_000));

  it("starts another account's conversion before an account's later ones", async () => {
    const started: string[] = [];
    const p = workers.pool({ maxWorkers: 2, maxRunningPerAccount: 1 }, { workerStarted: (account) => started.push(account) });
    p.start();
    const x = [p.run(longJob(), undefined, 'X'), p.run(longJob(), undefined, 'X'), p.run(longJob(), undefined, 'X')];
    await until(() => started.length === 1, "X's first conversion starts");
    const y = p.run(yamlToJson('y: 1'), undefined, 'Y');
    expect(output(await y)).toBe('{\n  "y": 1\n}\n');
    await Promise.all(x);
    expect(started).toEqual(['X', 'Y', 'X', 'X']);
  });

  it('answers 429 rate_limited when one account has too many conversions waiting, while others still get theirs', async () => {
    const p = pool({ maxWorkers: 1, maxQueuedPerAccount: 1 });
    const client = new AbortController();
    const running = p.run(yamlToJson(LONG), client.signal, 'X');
    await until(() => p.stats().running === 1, "X's first conversion runs");
    const waiting = p.run(yamlToJson('x: 2'), undefined, 'X');
    const refusedJob = yamlToJson('x: 3');
    const err = await rejection(p.run(refusedJob, undefined, 'X'));
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).headers]).toStrictEqual(['rate_limited', { 'Retry-After': '5' }]);
    // Refused before the body was handed over.
    expect(refusedJob.body.blocks[0]!.byteLength).toBeGreaterThan(0);
    const y = p.run(yamlToJson('y: 1'), undefined, 'Y');
    expect(p.stats()).toStrictEqual({ running: 1, queued: 2 });
    client.abort();
    await rejection(running);
    expect(output(await waiting)).toBe('{\n  "x": 2\n}\n');
    expect(output(await y)).toBe('{\n  "y": 1\n}\n');
  });
});

describe('the endpoints', () => {
  it("give the pool each job with its account, so turns are taken per account (all of an account's keys together)", async () => {
    const started: string[] = [];
    const p = workers.pool({ workerFromBytes: 0 }, { workerStarted: (account) => started.push(account) });
    const services = testServices({ pool: p });
    const post = (path: string, body: string, type = 'application/json') =>
      new Request(`http://x${path}`, { method: 'POST', body, headers: { 'content-type': type } });
    const ctx = (userId: string) => ({
      requestId: 'req_test',
      services,
      maxInputBytes: 1000,
      responseHeaders: {},
      params: {},
      inputBytes: 0,
      account: { keyId: 'k', prefix: 'yj_k', userId, plan: 'free' as const, expiresAtMs: null },
    });
    const convert = await handleConvert(post('/api/convert', '{"input": "a: 1", "inputType": "yaml", "outputType": "json"}'), ctx('user-a'));
    const validate = await handleValidate(post('/api/validate', '{"input": "a: 1", "type": "yaml"}'), ctx('user-b'));
    const raw = await handleConvert(post('/api/convert?from=yaml&to=json', 'a: 1', 'application/yaml'), ctx('user-c'));
    expect([convert.status, validate.status, raw.status]).toEqual([200, 200, 200]);
    expect(started).toEqual(['user-a', 'user-b', 'user-c']);
  });

  it("give the pool the account's plan, whose limit a conversion in a worker has", async () => {
    const p = workers.pool({ workerFromBytes: 0, planTimeoutsMs: { free: 1, pro: 60_000, enterprise: 60_000 } });
    const services = testServices({ pool: p });
    const request = new Request('http://x/api/convert', {
      method: 'POST',
      body: JSON.stringify({ input: bigYaml(40_000), inputType: 'yaml', outputType: 'json' }),
      headers: { 'content-type': 'application/json' },
    });
    const ctx = {
      requestId: 'req_test',
      services,
      maxInputBytes: 10_000_000,
      responseHeaders: {},
      params: {},
      inputBytes: 0,
      account: { keyId: 'k', prefix: 'yj_k', userId: 'user-f', plan: 'free' as const, expiresAtMs: null },
    };
    const err = await rejection(handleConvert(request, ctx));
    expect([(err as ConversionError).code, (err as ConversionError).message]).toStrictEqual([
      'limit_exceeded',
      "Converting this input took longer than 0.001 s, the Free plan's limit for one conversion.",
    ]);
  });
});
