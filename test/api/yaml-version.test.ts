/**
 * `yamlVersion` through the API: the JSON body of convert and validate, raw mode's query, and
 * the 400s for values that are not "1.1" or "1.2". The readings themselves are tested in
 * test/converter/yaml-version.test.ts; here, that the option reaches the converter every way in.
 */
import { describe, expect, it } from 'vitest';
import { expectError, postBytes, postJson } from './helpers';

const CONFIG = 'enabled: yes\nmode: 0755\ntimeout: 1:30\ncountry: NO\n';
const AS_11 = '{\n  "enabled": true,\n  "mode": 493,\n  "timeout": 90,\n  "country": false\n}\n';
const AS_12 = '{\n  "enabled": "yes",\n  "mode": 755,\n  "timeout": "1:30",\n  "country": "NO"\n}\n';

async function convertOutput(body: Record<string, unknown>): Promise<string> {
  const res = await postJson('/api/convert', body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.output;
}

describe('yamlVersion in POST /api/convert', () => {
  it('reads YAML as 1.1 when asked, as 1.2 by default or when "1.2" is given', async () => {
    const base = { input: CONFIG, inputType: 'yaml', outputType: 'json' };
    expect(await convertOutput({ ...base, yamlVersion: '1.1' })).toBe(AS_11);
    expect(await convertOutput(base)).toBe(AS_12);
    expect(await convertOutput({ ...base, yamlVersion: '1.2' })).toBe(AS_12);
  });

  it('lets a %YAML 1.2 directive win for its document only', async () => {
    const input = '%YAML 1.2\n---\na: yes\n---\nb: yes\n';
    const output = await convertOutput({ input, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' });
    expect(JSON.parse(output)).toStrictEqual([{ a: 'yes' }, { b: true }]);
  });

  it('applies to YAML -> YAML and to comments kept (the IR readers)', async () => {
    const yaml = await convertOutput({
      input: 'on: push # trigger\n',
      inputType: 'yaml',
      outputType: 'yaml',
      yamlVersion: '1.1',
      preserveComments: true,
    });
    expect(yaml).toBe('true: push # trigger\n');
    const jsonc = await convertOutput({
      input: 'on: push # trigger\n',
      inputType: 'yaml',
      outputType: 'json',
      yamlVersion: '1.1',
      preserveComments: true,
    });
    expect(jsonc).toBe('{\n  "true": "push" // trigger\n}\n');
  });

  it('is ignored for JSON input', async () => {
    const output = await convertOutput({ input: '{"a": "yes"}', inputType: 'json', outputType: 'yaml', yamlVersion: '1.1' });
    expect(output).toBe('a: "yes"\n');
  });

  it.each([
    ['1.3', 'Field "yamlVersion" must be "1.1" or "1.2", not "1.3".'],
    [1.1, 'Field "yamlVersion" must be "1.1" or "1.2", not the number 1.1 (send it as a string).'],
    [null, 'Field "yamlVersion" must be "1.1" or "1.2", not null.'],
  ])('refuses yamlVersion %j with 400 bad_request', async (yamlVersion, message) => {
    const res = await postJson('/api/convert', { input: 'a: 1', inputType: 'yaml', outputType: 'json', yamlVersion });
    await expectError(res, 400, { code: 'bad_request', message });
  });
});

describe('yamlVersion in POST /api/validate', () => {
  it('finds keys that only 1.1 reads as the same (on, yes: both true)', async () => {
    const input = 'on: push\nyes: 1\n';
    const as11 = await postJson('/api/validate', { input, type: 'yaml', yamlVersion: '1.1' });
    expect(await as11.json()).toStrictEqual({
      success: true,
      valid: false,
      errors: [{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }],
    });
    const as12 = await postJson('/api/validate', { input, type: 'yaml' });
    expect(await as12.json()).toStrictEqual({ success: true, valid: true, errors: [] });
  });

  it('refuses an unknown version with 400 bad_request', async () => {
    const res = await postJson('/api/validate', { input: 'a: 1', type: 'yaml', yamlVersion: 'latest' });
    await expectError(res, 400, { code: 'bad_request', message: 'Field "yamlVersion" must be "1.1" or "1.2", not "latest".' });
  });
});

describe('yamlVersion in raw mode', () => {
  it('reads the body as 1.1 with ?yamlVersion=1.1, as 1.2 without', async () => {
    const as11 = await postBytes('/api/convert?from=yaml&to=json&yamlVersion=1.1', CONFIG, 'application/yaml');
    expect(as11.status).toBe(200);
    expect(await as11.text()).toBe(AS_11);
    const as12 = await postBytes('/api/convert?from=yaml&to=json', CONFIG, 'application/yaml');
    expect(await as12.text()).toBe(AS_12);
  });

  it('refuses ?yamlVersion=1.0 with 400 bad_request', async () => {
    const res = await postBytes('/api/convert?from=yaml&to=json&yamlVersion=1.0', CONFIG, 'application/yaml');
    await expectError(res, 400, { code: 'bad_request', message: 'Query parameter "yamlVersion" must be "1.1" or "1.2", not "1.0".' });
  });
});
