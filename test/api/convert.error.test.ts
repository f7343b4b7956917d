import { afterEach, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '@/lib/converter/limits';
import { authHeader, expectError, expectServerAlive, invalidJsonMessage, baseUrl, maxInputBytes, postBytes, postEndless, postJson } from './helpers';

const TOO_DEEP = expect.stringMatching(new RegExp(`^The input nests .+ deep; the limit is ${MAX_DEPTH}\\.$`));

afterEach(expectServerAlive);

describe('POST /api/convert: malformed requests', () => {
  it('refuses a body that is not JSON', async () => {
    const text = '{"input": "a: 1", ';
    const res = await postJson('/api/convert', text);
    await expectError(res, 400, { code: 'bad_request', message: invalidJsonMessage(text) });
  });

  it('refuses an empty body', async () => {
    const res = await postJson('/api/convert', '');
    await expectError(res, 400, {
      code: 'bad_request',
      message: 'The request body is empty; send a JSON object such as {"input": "a: 1", ...}.',
    });
  });

  it('refuses JSON that is not an object', async () => {
    await expectError(await postJson('/api/convert', '[1, 2]'), 400, {
      code: 'bad_request',
      message: 'The request body must be a JSON object, not an array.',
    });
    await expectError(await postJson('/api/convert', 'null'), 400, {
      code: 'bad_request',
      message: 'The request body must be a JSON object, not null.',
    });
  });

  it('refuses a body that is not UTF-8', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"input": "'), 0xff, ...new TextEncoder().encode('"}')]);
    const res = await postBytes('/api/convert', bytes, 'application/json');
    await expectError(res, 400, {
      code: 'bad_request',
      message: 'The request body is not valid UTF-8: Invalid UTF-8 byte 0xff at byte offset 11.',
    });
  });

  it('refuses a content type other than JSON with 415', async () => {
    const body = JSON.stringify({ input: 'a: 1', inputType: 'yaml', outputType: 'json' });
    await expectError(await postBytes('/api/convert', body, 'text/plain'), 415, {
      code: 'unsupported_media_type',
      message: 'Content-Type "text/plain" is not accepted; send a JSON body with Content-Type: application/json.',
    });
    await expectError(await postBytes('/api/convert', body, null), 415, {
      code: 'unsupported_media_type',
      message: 'The request has no Content-Type; send a JSON body with Content-Type: application/json.',
    });
  });

  it('names every missing field', async () => {
    await expectError(await postJson('/api/convert', {}), 400, {
      code: 'bad_request',
      message: 'Field "input" is required. Field "inputType" is required. Field "outputType" is required.',
    });
  });

  it('names mistyped fields', async () => {
    await expectError(await postJson('/api/convert', { input: 42, inputType: 'yaml', outputType: 'json' }), 400, {
      code: 'bad_request',
      message: 'Field "input" must be a string.',
    });
    await expectError(await postJson('/api/convert', { input: 'a', inputType: ['yaml'], outputType: 'json' }), 400, {
      code: 'bad_request',
      message: 'Field "inputType" must be a string.',
    });
    const res = await postJson('/api/convert', { input: 'a', inputType: 'yaml', outputType: 'json', preserveComments: 'yes' });
    await expectError(res, 400, { code: 'bad_request', message: 'Field "preserveComments" must be true or false.' });
  });

  it('lists the accepted values for an unknown type', async () => {
    await expectError(await postJson('/api/convert', { input: 'a', inputType: 'xml', outputType: 'json' }), 400, {
      code: 'bad_request',
      message: 'Unknown inputType "xml"; accepted: yaml (or yml), json.',
    });
    await expectError(await postJson('/api/convert', { input: 'a', inputType: 'json', outputType: 'toml' }), 400, {
      code: 'bad_request',
      message: 'Unknown outputType "toml"; accepted: yaml (or yml), json.',
    });
  });
});

describe('POST /api/convert: input the converter refuses', () => {
  it.each([
    ['a high', '\\ud800', 'D800'],
    ['a low', '\\udc00', 'DC00'],
  ])('refuses %s lone surrogate with an INVALID_UTF8 detail', async (_, escaped, unit) => {
    const text = `{"input": "a: 1\\nb: x${escaped}y", "inputType": "yaml", "outputType": "json"}`;
    const issue = {
      message: `Lone surrogate U+${unit}: not a Unicode character, so it has no UTF-8 form.`,
      line: 2,
      column: 5,
      code: 'INVALID_UTF8',
    };
    await expectError(await postJson('/api/convert', text), 422, {
      code: 'invalid_input',
      message: `The input could not be parsed at line 2, column 5: ${issue.message}`,
      details: [issue],
    });
  });

  it('reports unparseable YAML as invalid_input with positioned details', async () => {
    const res = await postJson('/api/convert', { input: 'a: 1\na: 2\n', inputType: 'yaml', outputType: 'json' });
    const body = await res.clone().json();
    const first = body.error?.details?.[0];
    await expectError(res, 422, {
      code: 'invalid_input',
      message: `The input could not be parsed at line 2, column 1: ${first?.message}`,
      details: [{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }],
    });
  });

  it('refuses 100,000 levels of YAML flow nesting with limit_exceeded', async () => {
    const input = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await postJson('/api/convert', { input, inputType: 'yaml', outputType: 'json' });
    await expectError(res, 422, { code: 'limit_exceeded', message: TOO_DEEP });
  });

  it('refuses 100,000 levels of JSON nesting with limit_exceeded', async () => {
    const input = '{"a":['.repeat(50_000) + ']}'.repeat(50_000);
    const res = await postJson('/api/convert', { input, inputType: 'json', outputType: 'yaml' });
    await expectError(res, 422, { code: 'limit_exceeded', message: TOO_DEEP });
  });

  it('refuses a "billion laughs" alias bomb', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const prev = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const res = await postJson('/api/convert', { input: lines.join('\n'), inputType: 'yaml', outputType: 'json' });
    await expectError(res, 422, {
      code: 'limit_exceeded',
      message: expect.stringMatching(/^Expanding the aliases would produce more than 1,000,000 nodes/),
    });
  });
});

describe('POST /api/convert: large inputs', () => {
  it('converts a 2,400,000-item YAML sequence while the server keeps answering', async () => {
    // About 9.6 MB: a few hundred ms of conversion however fast the converter gets.
    const items = 2_400_000;
    const body = JSON.stringify({ input: '- 0\n'.repeat(items), inputType: 'yaml', outputType: 'json' });
    let given = false;
    let sent = false;
    let answered = false;
    const conversion = fetch(`${baseUrl}/api/convert`, {
      method: 'POST',
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      // Pulled again once the client has taken the whole body: from then on, the server has it.
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (given) {
            controller.close();
            sent = true;
          } else {
            controller.enqueue(new TextEncoder().encode(body));
            given = true;
          }
        },
      }),
      duplex: 'half',
    } as RequestInit).then(async (res) => {
      const result = { status: res.status, body: await res.json() };
      answered = true;
      return result;
    });
    // Probes every 10 ms once the body is sent: with the conversion on the event loop, only the
    // few answered while the server still reads the body would come back before the answer.
    let answeredMeanwhile = 0;
    while (!answered) {
      const probeSent = sent;
      const live = await fetch(`${baseUrl}/api/health/live`);
      expect(live.status).toBe(200);
      if (probeSent && !answered) answeredMeanwhile++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { status, body: result } = await conversion;
    expect(status).toBe(200);
    expect(result.output).toBe(`[\n${Array(items).fill('  0').join(',\n')}\n]\n`);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(10);
  });

  it('converts a 1,000,000-item JSON array', async () => {
    const input = `[${Array(1_000_000).fill('0').join(',')}]`;
    const res = await postJson('/api/convert', { input, inputType: 'json', outputType: 'yaml' });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.output).toBe('- 0\n'.repeat(1_000_000));
  });

  it('refuses an input one byte over the limit before parsing it', async () => {
    const input = 'a'.repeat(maxInputBytes + 1);
    await expectError(await postJson('/api/convert', { input, inputType: 'yaml', outputType: 'json' }), 413, {
      code: 'payload_too_large',
      message: 'Input is 10,000,001 bytes; the limit is 10,000,000 bytes.',
    });
  });

  it('measures the limit in UTF-8 bytes', async () => {
    const input = 'é'.repeat(maxInputBytes / 2 + 1);
    await expectError(await postJson('/api/convert', { input, inputType: 'yaml', outputType: 'json' }), 413, {
      code: 'payload_too_large',
      message: 'Input is 10,000,002 bytes; the limit is 10,000,000 bytes.',
    });
    const bigger = `# ${'x'.repeat(14_000_000 - 2)}`;
    await expectError(await postJson('/api/convert', { input: bigger, inputType: 'yaml', outputType: 'json' }), 413, {
      code: 'payload_too_large',
      message: 'Input is 14 MB; the limit is 10 MB.',
    });
  });

  it('refuses a declared body over the cap without reading it', async () => {
    const result = await postEndless(
      '/api/convert',
      { 'Content-Type': 'application/json', 'Content-Length': String(50_000_000) },
      { maxBytes: 50_000_000, stopAfter: 1 << 20 },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toStrictEqual({
      success: false,
      error: {
        code: 'payload_too_large',
        message: 'The request body is 50 MB; with an input limit of 10 MB, a JSON body may be at most 21.05 MB.',
        requestId: result.headers['x-request-id'],
      },
    });
  });

  it('stops reading a streamed body as soon as it passes the cap', async () => {
    const cap = 2 * maxInputBytes + 1024 * 1024;
    const result = await postEndless('/api/convert', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, { maxBytes: 4 * cap });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error).toStrictEqual({
      code: 'payload_too_large',
      message: 'The request body is more than 21.05 MB; with an input limit of 10 MB, a JSON body may be at most 21.05 MB.',
      requestId: result.headers['x-request-id'],
    });
    expect(result.written).toBeLessThan(2 * cap);
  });
});

describe('POST /api/convert: a client that leaves mid-body', () => {
  it('is not logged as a server error, and the server goes on answering', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const http = await import('node:http');
    const log = path.join(__dirname, '../../test-results/api-server.log');
    const internalErrors = () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('internal_error')).length;
    const before = internalErrors();
    const url = new URL('/api/convert', baseUrl);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...authHeader, 'Content-Type': 'application/json', 'Content-Length': '100000' },
      });
      req.on('error', () => resolve());
      // Long enough for the key check to finish and the body to be waited for.
      req.write('{"input": "a: 1", "inputType": "yaml", ', () => setTimeout(() => (req.destroy(), resolve()), 500));
    });
    await new Promise((r) => setTimeout(r, 300));
    await expectServerAlive();
    expect(internalErrors()).toBe(before);
  });
});
