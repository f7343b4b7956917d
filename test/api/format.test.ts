// POST /api/format: formatting without changing data, with convert's key, quota, plan
// limit and errors; and the formatting options on POST /api/convert, JSON and raw mode.
import { afterEach, describe, expect, it } from 'vitest';
import { accountWithKey, bearer } from './accounts';
import { baseUrl, expectError, expectServerAlive, postBytes, postJson, REQUEST_ID } from './helpers';

afterEach(expectServerAlive);

const metadata = (input: string, output: string, extra: Record<string, number> = {}) => ({
  inputSize: Buffer.byteLength(input),
  outputSize: Buffer.byteLength(output),
  processingMs: expect.any(Number),
  anchorsCount: 0,
  commentsCount: 0,
  documents: 1,
  ...extra,
});

describe('POST /api/format: happy paths', () => {
  it('re-indents and sorts YAML, answering the convert body', async () => {
    const input = 'b:   1\na:\n    - x\n    - {z: 1, w: [1, 2]}\n';
    const res = await postJson('/api/format', { input, type: 'yaml', sortKeys: true, indent: 4, flowLevel: 3 });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
    const output = 'a:\n    - x\n    -   w: [1, 2]\n        z: 1\nb: 1\n';
    expect(await res.json()).toStrictEqual({ success: true, output, metadata: metadata(input, output), warnings: [] });
  });

  it('type jsonc keeps comments by default; json writes strict JSON', async () => {
    const input = '{"a": 1, // one\n"b": [2,],}';
    const jsonc = await (await postJson('/api/format', { input, type: 'jsonc' })).json();
    expect(jsonc.output).toBe('{\n  "a": 1, // one\n  "b": [\n    2\n  ]\n}\n');
    expect(jsonc.metadata.commentsCount).toBe(1);
    const json = await (await postJson('/api/format', { input, type: 'JSON', jsonStyle: 'compact' })).json();
    expect(json.output).toBe('{"a":1,"b":[2]}\n');
  });

  it('is convert with outputType equal to inputType', async () => {
    const input = 'k: &a {x: 1}\nl: *a # same\n';
    const options = { preserveComments: true, preserveAnchors: true, quoteStyle: 'double', lineWidth: 40 };
    const formatted = await (await postJson('/api/format', { input, type: 'yml', ...options })).json();
    const converted = await (await postJson('/api/convert', { input, inputType: 'yaml', outputType: 'yaml', ...options })).json();
    expect({ ...formatted, metadata: { ...formatted.metadata, processingMs: 0 } }).toStrictEqual({
      ...converted,
      metadata: { ...converted.metadata, processingMs: 0 },
    });
    // preserveComments keeps the flow mapping flow.
    expect(formatted.output).toBe('k: &a {x: 1}\nl: *a # same\n');
  });
});

describe('POST /api/format: refusals', () => {
  it('400 for a bad option value, listing the accepted values', async () => {
    await expectError(await postJson('/api/format', { input: 'a: 1', type: 'yaml', indent: 3 }), 400, {
      code: 'bad_request',
      message: 'Field "indent" cannot be 3; accepted: 2 or 4.',
    });
    await expectError(await postJson('/api/format', { input: 'a: 1', type: 'yaml', quoteStyle: 'back' }), 400, {
      code: 'bad_request',
      message: 'Field "quoteStyle" cannot be "back"; accepted: "plain", "single", "double".',
    });
    await expectError(await postJson('/api/format', { input: 'a: 1', type: 'yaml', lineWidth: 5, flowLevel: -1 }), 400, {
      code: 'bad_request',
      message:
        'Field "flowLevel" cannot be -1; accepted: an integer from 0 (0: the whole document in flow style). Field "lineWidth" cannot be 5; accepted: an integer from 20.',
    });
    await expectError(await postJson('/api/format', { input: 'a: 1', type: 'toml' }), 400, {
      code: 'bad_request',
      message: 'Unknown type "toml"; accepted: yaml (or yml), json, jsonc.',
    });
  });

  it('400 for compact JSONC (comments need lines)', async () => {
    await expectError(await postJson('/api/format', { input: '{"a": 1} // c', type: 'jsonc', jsonStyle: 'compact' }), 400, {
      code: 'bad_request',
      message: expect.stringContaining('jsonStyle "compact" writes one line with no room for // comments'),
    });
  });

  it('401 without a key', async () => {
    const res = await fetch(`${baseUrl}/api/format`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"input": "a: 1", "type": "yaml"}',
    });
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    await expectError(res, 401, {
      code: 'unauthorized',
      message: 'This endpoint needs an API key: send "Authorization: Bearer <key>". Create keys in the dashboard.',
    });
  });

  it("413 over the plan's input limit, counted against the quota", async () => {
    const { key } = await accountWithKey('free');
    const res = await fetch(`${baseUrl}/api/format`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(key) },
      body: JSON.stringify({ input: 'a'.repeat(1_000_001), type: 'yaml' }),
    });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    await expectError(res, 413, { code: 'payload_too_large', message: expect.stringMatching(/Free plan/) });
  });

  it('422 invalid input with positioned details', async () => {
    await expectError(await postJson('/api/format', { input: 'a: 1\na: 2\n', type: 'yaml', indent: 4 }), 422, {
      code: 'invalid_input',
      message: expect.stringMatching(/^The input could not be parsed at line 2, column 1/),
      details: [{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }],
    });
    await expectError(await postJson('/api/format', { input: '{"a": }', type: 'json' }), 422, {
      code: 'invalid_input',
      message: expect.any(String),
      details: [expect.objectContaining({ line: 1, column: 7 })],
    });
  });
});

describe('POST /api/convert: formatting options', () => {
  it('JSON mode: the options shape the output', async () => {
    const res = await postJson('/api/convert', { input: 'b: 1\na: [x, y]\n', inputType: 'yaml', outputType: 'json', sortKeys: true, indent: 4 });
    expect((await res.json()).output).toBe('{\n    "a": [\n        "x",\n        "y"\n    ],\n    "b": 1\n}\n');
  });

  it('raw mode: the same options as query parameters', async () => {
    const res = await postBytes('/api/convert?from=yaml&to=json&sortKeys=true&jsonStyle=compact', 'b: 1\na: [x, y]\n', 'application/yaml');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"a":["x","y"],"b":1}\n');
    const yaml = await postBytes(
      '/api/convert?from=json&to=yaml&indent=4&flowLevel=1&quoteStyle=single&lineWidth=20',
      '{"a": {"b": ["c d"]}, "e": "one two three four five"}',
      'application/json',
    );
    expect(await yaml.text()).toBe("a: {b: ['c d']}\ne: 'one two three\n    four five'\n");
  });

  it('raw mode: a bad query value is a 400 listing the accepted values', async () => {
    await expectError(await postBytes('/api/convert?from=yaml&to=yaml&indent=8', 'a: 1', 'application/yaml'), 400, {
      code: 'bad_request',
      message: 'Query parameter "indent" cannot be "8"; accepted: 2 or 4.',
    });
    await expectError(await postBytes('/api/convert?from=yaml&to=yaml&lineWidth=wide', 'a: 1', 'application/yaml'), 400, {
      code: 'bad_request',
      message: 'Query parameter "lineWidth" cannot be "wide"; accepted: an integer from 20.',
    });
  });
});
