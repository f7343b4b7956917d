import { afterEach, describe, it } from 'vitest';
import { expectError, expectServerAlive, invalidJsonMessage, maxInputBytes, postBytes, postJson } from './helpers';

afterEach(expectServerAlive);

describe('POST /api/validate: malformed requests', () => {
  it('refuses a body that is not JSON', async () => {
    const text = 'input=a: 1&type=yaml';
    await expectError(await postJson('/api/validate', text), 400, { code: 'bad_request', message: invalidJsonMessage(text) });
  });

  it('refuses a content type other than JSON with 415', async () => {
    const res = await postBytes('/api/validate', 'input=a', 'multipart/form-data; boundary=x');
    await expectError(res, 415, {
      code: 'unsupported_media_type',
      message: 'Content-Type "multipart/form-data" is not accepted; send a JSON body with Content-Type: application/json.',
    });
  });

  it('names the missing and mistyped fields', async () => {
    await expectError(await postJson('/api/validate', {}), 400, {
      code: 'bad_request',
      message: 'Field "input" is required. Field "type" is required.',
    });
    await expectError(await postJson('/api/validate', { input: null, type: 7 }), 400, {
      code: 'bad_request',
      message: 'Field "input" must be a string. Field "type" must be a string.',
    });
  });

  it('lists the accepted values for an unknown type', async () => {
    await expectError(await postJson('/api/validate', { input: 'a', type: 'toml' }), 400, {
      code: 'bad_request',
      message: 'Unknown type "toml"; accepted: yaml (or yml), json, jsonc.',
    });
  });

  it('refuses an input over the limit with 413', async () => {
    await expectError(await postJson('/api/validate', { input: 'a'.repeat(maxInputBytes + 1), type: 'yaml' }), 413, {
      code: 'payload_too_large',
      message: 'Input is 10,000,001 bytes; the limit is 10,000,000 bytes.',
    });
  });
});
