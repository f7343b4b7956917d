import { afterEach, describe, expect, it } from 'vitest';
import { expectError, expectServerAlive, maxInputBytes, postBytes, postEndless, REQUEST_ID } from './helpers';

const YAML = 'name: yamljson # the service\ntags: [fast, exact]\n';
const JSON_OUT = '{\n  "name": "yamljson",\n  "tags": [\n    "fast",\n    "exact"\n  ]\n}\n';

describe('POST /api/convert?from=&to= (raw mode): happy paths', () => {
  it('answers YAML -> JSON with the text itself and the metadata in headers', async () => {
    const res = await postBytes('/api/convert?from=yaml&to=json', YAML, 'application/yaml');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(JSON_OUT);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
    expect({
      inputSize: res.headers.get('x-conversion-input-size'),
      outputSize: res.headers.get('x-conversion-output-size'),
      anchors: res.headers.get('x-conversion-anchors-count'),
      comments: res.headers.get('x-conversion-comments-count'),
      documents: res.headers.get('x-conversion-documents'),
      warnings: res.headers.get('x-conversion-warnings'),
    }).toStrictEqual({
      inputSize: String(YAML.length),
      outputSize: String(JSON_OUT.length),
      anchors: '0',
      comments: '1',
      documents: '1',
      warnings: null,
    });
    expect(res.headers.get('x-conversion-processing-ms')).toMatch(/^\d+$/);
  });

  it('answers JSON -> YAML as application/yaml', async () => {
    const res = await postBytes('/api/convert?from=JSON&to=yml', '{"name": "yamljson", "port": 8080}', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await res.text()).toBe('name: yamljson\nport: 8080\n');
  });

  it.each([
    'text/yaml',
    'application/x-yaml',
    'text/x-yaml',
    'text/plain; charset=utf-8',
    'application/octet-stream',
    'application/x-www-form-urlencoded',
    null,
  ])('accepts a %s body (curl --data-binary sends form-urlencoded)', async (type) => {
    const res = await postBytes('/api/convert?from=yaml&to=json', 'a: 1\n', type);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{\n  "a": 1\n}\n');
  });

  it('sends warnings as an ASCII JSON array header', async () => {
    const res = await postBytes('/api/convert?from=yaml&to=json&preserveComments=true&preserveAnchors=1', 'a: &x 1 # one\nb: *x\n', 'text/yaml');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get('x-conversion-warnings')!)).toStrictEqual([
      'preserveComments: the output is JSONC (JSON with comments), not strict JSON.',
      'preserveAnchors: JSON has no references, so aliases were expanded.',
    ]);
    expect(res.headers.get('x-conversion-anchors-count')).toBe('1');
  });

  it('removes a byte order mark', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a: 1\n')]);
    const res = await postBytes('/api/convert?from=yaml&to=json', bytes, 'application/yaml');
    expect(await res.text()).toBe('{\n  "a": 1\n}\n');
  });
});

describe('raw mode: errors', () => {
  afterEach(expectServerAlive);

  it('needs both from and to', async () => {
    await expectError(await postBytes('/api/convert?from=yaml', 'a: 1', 'text/yaml'), 400, {
      code: 'bad_request',
      message: 'Raw mode needs both "from" and "to"; query parameter "to" is missing. Accepted: yaml (or yml), json.',
    });
    await expectError(await postBytes('/api/convert?to=json', 'a: 1', 'text/yaml'), 400, {
      code: 'bad_request',
      message: 'Raw mode needs both "from" and "to"; query parameter "from" is missing. Accepted: yaml (or yml), json.',
    });
  });

  it('lists the accepted values for a bad from, to or flag', async () => {
    await expectError(await postBytes('/api/convert?from=xml&to=json', 'a: 1', 'text/yaml'), 400, {
      code: 'bad_request',
      message: 'Unknown from "xml"; accepted: yaml (or yml), json.',
    });
    await expectError(await postBytes('/api/convert?from=yaml&to=json&preserveComments=yes', 'a: 1', 'text/yaml'), 400, {
      code: 'bad_request',
      message: 'Query parameter "preserveComments" must be true or false.',
    });
  });

  it('refuses multipart bodies with 415', async () => {
    await expectError(await postBytes('/api/convert?from=yaml&to=json', '--x\r\n', 'multipart/form-data; boundary=x'), 415, {
      code: 'unsupported_media_type',
      message:
        'Content-Type "multipart/form-data" is not accepted in raw mode; send the document itself as one of: application/yaml, text/yaml, application/x-yaml, text/x-yaml, application/json, text/plain, application/octet-stream, application/x-www-form-urlencoded.',
    });
  });

  it('refuses bytes that are not UTF-8 with an INVALID_UTF8 detail', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a: 1\nb: '), 0xc3, 0x28, 0x0a]);
    const issue = { message: 'Invalid UTF-8 byte 0xc3 at byte offset 8.', line: 2, column: 4, code: 'INVALID_UTF8' };
    await expectError(await postBytes('/api/convert?from=yaml&to=json', bytes, 'application/yaml'), 422, {
      code: 'invalid_input',
      message: issue.message,
      details: [issue],
    });
  });

  it('answers unparseable input with the JSON error body', async () => {
    const res = await postBytes('/api/convert?from=json&to=yaml', '{"a": }', 'application/json');
    const details = (await res.clone().json()).error?.details;
    await expectError(res, 422, {
      code: 'invalid_input',
      message: `The input could not be parsed at line 1, column ${details?.[0]?.column}: ${details?.[0]?.message}`,
      details: [{ message: expect.any(String), line: 1, column: expect.any(Number), code: expect.any(String) }],
    });
  });

  it('refuses a declared body over the limit without reading it', async () => {
    const result = await postEndless(
      '/api/convert?from=yaml&to=json',
      { 'Content-Type': 'application/yaml', 'Content-Length': String(maxInputBytes + 1) },
      { maxBytes: maxInputBytes, stopAfter: 1 << 20 },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error).toStrictEqual({
      code: 'payload_too_large',
      message: 'Input is 10,000,001 bytes; the limit is 10,000,000 bytes.',
      requestId: result.headers['x-request-id'],
    });
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const result = await postEndless(
      '/api/convert?from=yaml&to=json',
      { 'Content-Type': 'application/yaml', 'Transfer-Encoding': 'chunked' },
      { maxBytes: 8 * maxInputBytes },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.message).toBe('Input is more than 10 MB; the limit is 10 MB.');
    expect(result.written).toBeLessThan(3 * maxInputBytes);
  });

  it('lets the client read the 413 while it is still sending (lingering close, no reset), every time', async () => {
    // Without the lingering close, about a third of these attempts lost the answer to a TCP
    // reset (EPIPE on the client) on this machine; postEndless makes one attempt per call.
    // While the server drops what still arrives, this client goes on writing at loopback speed
    // until it has parsed the answer (up to ~20x the limit was seen), hence the high maxBytes.
    for (let i = 0; i < 20; i++) {
      const result = await postEndless(
        '/api/convert?from=yaml&to=json',
        { 'Content-Type': 'application/yaml', 'Transfer-Encoding': 'chunked' },
        { maxBytes: 100 * maxInputBytes, chunkBytes: 64 * 1024 },
      );
      expect(result.status).toBe(413);
    }
  });
});
