// @yamljson/sdk against the running app (the api project's server): every public endpoint through
// the SDK, the API's error body as a typed YamljsonError (401, 422 with positions), and retries of
// a real 429 (a Free account whose hour is spent) that honour Retry-After. Waits go through an
// injected sleep that records the delays asked for and returns at once: attempts are counted, not timed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hourStart } from '@/lib/accounts/quota/interface';
import { type RetryOptions, Yamljson, YamljsonError } from '../../packages/sdk/src/index';
import { SDK_SCHEMA_FILE, sdkSchemaText } from '../../scripts/sdk-schema';
import { accountWithKey, testDb } from '../api/accounts';
import { apiKey, baseUrl, REQUEST_ID } from '../api/helpers';

/** A client whose fetches and waits are counted; its sleeps return at once. */
function countedClient(key: string | undefined, retry: RetryOptions | false = { maxAttempts: 3, maxWaitMs: 2 * 3600_000 }) {
  const statuses: number[] = [];
  const delays: number[] = [];
  /** The Retry-After (seconds) of each answer that was retried. */
  const retryAfters: Array<number | undefined> = [];
  const client = new Yamljson({
    baseUrl,
    apiKey: key,
    retry,
    fetch: async (request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    },
    sleep: async (ms) => {
      delays.push(ms);
    },
    onRetry: (info) => retryAfters.push(info.retryAfterSeconds),
  });
  return { client, statuses, delays, retryAfters };
}

async function caught(call: Promise<unknown>): Promise<YamljsonError> {
  try {
    await call;
  } catch (err) {
    expect(err).toBeInstanceOf(YamljsonError);
    return err as YamljsonError;
  }
  throw new Error('the call succeeded');
}

/** A Free account whose hour is spent: every keyed call answers 429 until the next clock hour. */
async function spentFreeKey(): Promise<string> {
  const { key, userId } = await accountWithKey('free');
  await testDb().usageHour.create({ data: { userId, hourStart: hourStart(), count: 100 } });
  return key;
}

describe('@yamljson/sdk against a running server', () => {
  const { client, statuses } = countedClient(apiKey);

  it('convert: YAML to JSON with the metadata, leaving out the fields that have defaults', async () => {
    const answer = await client.convert({ input: 'a: 1\nb: [x, y]\n', inputType: 'yaml', outputType: 'json' });
    expect(answer).toMatchObject({ success: true, output: '{\n  "a": 1,\n  "b": [\n    "x",\n    "y"\n  ]\n}\n', warnings: [] });
    expect(answer.metadata).toMatchObject({ inputSize: 15, anchorsCount: 0, commentsCount: 0, documents: 1 });
    expect(answer.metadata.outputSize).toBe(Buffer.byteLength(answer.output));
  });

  it('convert: options reach the server (JSON to YAML, indent 4, sorted keys)', async () => {
    const answer = await client.convert({
      input: '{"b": {"y": 1, "x": 2}, "a": true}',
      inputType: 'json',
      outputType: 'yaml',
      indent: 4,
      sortKeys: true,
    });
    // `y` is quoted: YAML 1.1 readers take a plain y for true.
    expect(answer.output).toBe('a: true\nb:\n    x: 2\n    "y": 1\n');
  });

  it('convertRaw: the document as the body, the text back, metadata from the headers', async () => {
    const yaml = await client.convertRaw('{"a": [1, 2]}', { from: 'json', to: 'yaml' });
    expect(yaml).toMatchObject({ output: 'a:\n  - 1\n  - 2\n', warnings: [] });
    expect(yaml.contentType).toMatch(/^application\/yaml/);
    expect(yaml.metadata).toMatchObject({ inputSize: 13, outputSize: Buffer.byteLength(yaml.output), documents: 1, anchorsCount: 0 });

    const json = await client.convertRaw('base: &b {x: 1}\nuse: *b\n', { from: 'yaml', to: 'json', jsonStyle: 'compact' });
    expect(json.output).toBe('{"base":{"x":1},"use":{"x":1}}\n');
    expect(json.contentType).toMatch(/^application\/json/);
    expect(json.metadata.anchorsCount).toBe(1);
  });

  it('validate: valid, and invalid with positioned errors (a normal answer, not an error)', async () => {
    expect(await client.validate({ input: 'a: 1', type: 'yaml' })).toStrictEqual({ success: true, valid: true, errors: [] });
    const invalid = await client.validate({ input: '{"a": 1,}', type: 'json' });
    expect(invalid.valid).toBe(false);
    expect(invalid.errors[0]).toMatchObject({ line: 1, column: expect.any(Number), code: expect.any(String) });
    const withSchema = await client.validate({ input: 'name: 3', type: 'yaml', schema: { properties: { name: { type: 'string' } } } });
    expect(withSchema.errors).toMatchObject([{ path: '/name', keyword: 'type', line: 1, column: 7 }]);
  });

  it('format: re-indents without changing the data', async () => {
    const answer = await client.format({ input: 'a:\n      b: 1\n', type: 'yaml', indent: 4 });
    expect(answer.output).toBe('a:\n    b: 1\n');
  });

  it('health, live, ready, openapi and openapiYaml', async () => {
    expect(await client.health()).toMatchObject({ status: 'healthy', version: expect.any(String), uptime: expect.any(Number) });
    expect(await client.live()).toStrictEqual({ status: 'healthy' });
    expect(await client.ready()).toMatchObject({ status: 'ready', checked: expect.arrayContaining(['database']) });
    const document = await client.openapi();
    expect(document.openapi).toBe('3.1.0');
    // `servers` names the origin this client reached, not "/".
    expect(document.servers).toStrictEqual([{ url: baseUrl, description: 'This server' }]);
    const yaml = await client.openapiYaml();
    expect(yaml).toMatch(/^openapi: "3\.1\.0"$/m);
    expect(yaml).toContain(`- url: ${baseUrl}`);
  });

  it('schemas and schema: the catalog, one schema, validate by name; an unknown id is a 404 not_found YamljsonError', async () => {
    const list = await client.schemas();
    expect(list.schemas.find((entry) => entry.id === 'chart')?.name).toBe('Helm Chart.yaml');
    const schema = await client.schema('chart');
    expect(schema.$id).toBe('https://json.schemastore.org/chart.json');
    const checked = await client.validate({
      input: 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
      type: 'yaml',
      schema: 'auto',
      filename: 'Chart.yaml',
    });
    expect(checked).toStrictEqual({
      success: true,
      valid: true,
      errors: [],
      schema: { id: 'chart', name: 'Helm Chart.yaml', url: 'https://json.schemastore.org/chart.json', matchedPattern: 'Chart.yaml' },
    });
    // A client of its own: this test file's counted client holds its answers to 200s (no retries).
    const error = await new Yamljson({ baseUrl }).schema('no-such-schema').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(YamljsonError);
    expect((error as YamljsonError).status).toBe(404);
    expect((error as YamljsonError).code).toBe('not_found');
  });

  it('the checked-in types are what openapi-typescript makes of the /api/openapi.json this server serves', async () => {
    const served = await client.openapi();
    const checkedIn = readFileSync(path.resolve(__dirname, '../..', SDK_SCHEMA_FILE), 'utf8');
    expect((await sdkSchemaText(served)) === checkedIn, `${SDK_SCHEMA_FILE} differs from the served document's types: run npm run sdk:generate`).toBe(
      true,
    );
  });

  it('a value the server accepts beyond the enum (yml, any case) still converts', async () => {
    const answer = await client.convert({ input: 'a: 1', inputType: 'YML' as 'yaml', outputType: 'Json' as 'json' });
    expect(answer.output).toBe('{\n  "a": 1\n}\n');
  });

  it('none of these calls was retried: every answer was the first', () => {
    expect(statuses.filter((s) => s !== 200)).toStrictEqual([]);
  });
});

describe('typed errors', () => {
  it('401: an unknown key is a YamljsonError with code, message, status and requestId, not retried', async () => {
    const { client, statuses, delays } = countedClient('yj_not_a_real_key');
    const error = await caught(client.convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }));
    expect(error).toMatchObject({ name: 'YamljsonError', status: 401, code: 'unauthorized', details: undefined });
    expect(error.message).toMatch(/key/i);
    expect(error.requestId).toMatch(REQUEST_ID);
    expect({ statuses, delays }).toStrictEqual({ statuses: [401], delays: [] });
  });

  it('422: unparseable input carries the positioned errors in details, as validate reports them', async () => {
    const { client, statuses } = countedClient(apiKey);
    const error = await caught(client.convert({ input: 'a: 1\nb: [1, 2\n', inputType: 'yaml', outputType: 'json' }));
    expect(error).toMatchObject({ status: 422, code: 'invalid_input' });
    expect(error.details!.length).toBeGreaterThan(0);
    const validated = await client.validate({ input: 'a: 1\nb: [1, 2\n', type: 'yaml' });
    expect(error.details).toStrictEqual(validated.errors);
    expect(error.details![0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number), code: expect.any(String) });
    expect(statuses).toStrictEqual([422, 200]);
  });

  it('400 from raw mode and validate: bad_request, not retried', async () => {
    const { client, statuses } = countedClient(apiKey);
    const error = await caught(client.convertRaw('a: 1', { from: 'yaml', to: 'json', indent: 3 as 2 }));
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: expect.stringContaining('indent') });
    const bad = await caught(client.validate({ input: 'a', type: 'toml' as 'yaml' }));
    expect(bad).toMatchObject({ status: 400, code: 'bad_request', message: expect.stringContaining('accepted: yaml (or yml), json, jsonc') });
    expect(statuses).toStrictEqual([400, 400]);
  });
});

describe('retries of 429 (a real spent quota)', () => {
  it('retries up to maxAttempts, each wait at least what Retry-After says, then throws rate_limited', async () => {
    const key = await spentFreeKey();
    const { client, statuses, delays, retryAfters } = countedClient(key, { maxAttempts: 3, maxWaitMs: 2 * 3600_000 });
    const before = Math.floor(Date.now() / 1000);
    const error = await caught(client.validate({ input: 'a: 1', type: 'yaml' }));
    const untilNextHour = hourStart().getTime() / 1000 + 3600 - before;
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(statuses).toStrictEqual([429, 429, 429]);
    expect(delays).toHaveLength(2);
    // Each Retry-After is the rest of the hour; each wait is it, plus at most 1 s of jitter.
    for (const [i, seconds] of retryAfters.entries()) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(untilNextHour);
      expect(delays[i]).toBeGreaterThanOrEqual(seconds! * 1000);
      expect(delays[i]).toBeLessThanOrEqual(seconds! * 1000 + 1000);
    }
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(retryAfters[0]!);
  });

  it('does not wait longer than maxWaitMs: a Retry-After above it is returned at once as the error', async () => {
    const key = await spentFreeKey();
    const { client, statuses, delays } = countedClient(key, { maxAttempts: 5, maxWaitMs: 1000 });
    const error = await caught(client.health());
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect({ statuses, delays }).toStrictEqual({ statuses: [429], delays: [] });
  });

  it('retry: false makes one attempt', async () => {
    const key = await spentFreeKey();
    const { client, statuses, delays } = countedClient(key, false);
    await caught(client.convertRaw('a: 1', { from: 'yaml', to: 'json' }));
    expect({ statuses, delays }).toStrictEqual({ statuses: [429], delays: [] });
  });

  it('raw mode retries too, sending the same body again', async () => {
    const key = await spentFreeKey();
    const { client, statuses, delays } = countedClient(key, { maxAttempts: 2, maxWaitMs: 2 * 3600_000 });
    await caught(client.convertRaw('a: 1', { from: 'yaml', to: 'json' }));
    expect(statuses).toStrictEqual([429, 429]);
    expect(delays).toHaveLength(1);
  });

  it('an abort signal stops the wait: the call rejects with the reason, no further attempt', async () => {
    const key = await spentFreeKey();
    const controller = new AbortController();
    const statuses: number[] = [];
    const client = new Yamljson({
      baseUrl,
      apiKey: key,
      retry: { maxAttempts: 5, maxWaitMs: 2 * 3600_000 },
      fetch: async (request) => {
        const response = await fetch(request);
        statuses.push(response.status);
        return response;
      },
      // The default sleep, really waiting (an hour): only the abort ends it.
      onRetry: () => setTimeout(() => controller.abort(new Error('stopped by the caller')), 10),
    });
    await expect(client.format({ input: 'a: 1', type: 'yaml' }, { signal: controller.signal })).rejects.toThrow('stopped by the caller');
    expect(statuses).toStrictEqual([429]);
  });
});
