import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, DEFAULT_MAX_INPUT_BYTES } from '@/lib/config';
import { ApiError, toErrorReply } from '@/lib/api/errors';
import { route, toResponse } from '@/lib/api/next-route';
import { jsonReply } from '@/lib/api/reply';
import { formatBytes, formatOverLimit } from '@/lib/format/format-bytes';
import { warningsHeader } from '@/lib/api/handlers/convert-raw';
import { readJsonBody } from '@/lib/api/read-body';
import { newRequestId } from '@/lib/api/request-id';
import { withApi } from '@/lib/api/with-api';

const toErrorResponse = (err: unknown, requestId: string) => toResponse(toErrorReply(err, requestId));
import { ConversionError } from '@/lib/converter';
import { testServices, useServices } from '../helpers/services';

describe('config', () => {
  it('defaults MAX_INPUT_BYTES to 100 MB and accepts an override', () => {
    expect(loadConfig({}).maxInputBytes).toBe(DEFAULT_MAX_INPUT_BYTES);
    expect(DEFAULT_MAX_INPUT_BYTES).toBe(100_000_000);
    expect(loadConfig({ MAX_INPUT_BYTES: '1000000' }).maxInputBytes).toBe(1_000_000);
  });

  it.each(['0', '-5', '1e6', '10MB', '99999999999999999999'])('refuses MAX_INPUT_BYTES=%s', (value) => {
    expect(() => loadConfig({ MAX_INPUT_BYTES: value })).toThrow(/^Invalid configuration: MAX_INPUT_BYTES/);
  });
});

describe('formatBytes', () => {
  it('uses decimal units', () => {
    expect(formatBytes(1_400_000)).toBe('1.4 MB');
    expect(formatBytes(1_000_000)).toBe('1 MB');
    expect(formatBytes(100_000_000)).toBe('100 MB');
    expect(formatBytes(2_500)).toBe('2.5 kB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(999_999_999)).toBe('1 GB');
  });

  it('shows enough digits that the size visibly exceeds the limit', () => {
    expect(formatOverLimit(1_400_000, 1_000_000)).toStrictEqual({ size: '1.4 MB', limit: '1 MB' });
    expect(formatOverLimit(1_020_000, 1_000_000)).toStrictEqual({ size: '1.02 MB', limit: '1 MB' });
    expect(formatOverLimit(1_000_001, 1_000_000)).toStrictEqual({ size: '1,000,001 bytes', limit: '1,000,000 bytes' });
    expect(formatOverLimit(150_000_000, 100_000_000)).toStrictEqual({ size: '150 MB', limit: '100 MB' });
  });
});

describe('newRequestId', () => {
  it('is req_ and 20 base62 characters, different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });
});

describe('toErrorResponse', () => {
  it('hides unknown errors behind a generic 500 and reports them (the log) with the error itself', async () => {
    const reported: unknown[] = [];
    const thrown = new Error('secret stack detail');
    const res = toResponse(toErrorReply(thrown, 'req_test', (failure) => reported.push(failure)));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).error).toMatchObject({ code: 'internal_error', requestId: 'req_test' });
    expect(reported).toStrictEqual([{ internal: thrown }]);
  });

  it('maps ConversionError codes and passes invalid_input details through', async () => {
    const details = [{ message: 'x', line: 1, column: 2, code: 'UNEXPECTED_TOKEN' as const }];
    const res = toErrorResponse(new ConversionError('invalid_input', 'bad', details), 'req_1');
    expect(res.status).toBe(422);
    expect(await res.json()).toStrictEqual({
      success: false,
      error: { code: 'invalid_input', message: 'bad', requestId: 'req_1', details },
    });
    expect(toErrorResponse(new ConversionError('limit_exceeded', 'deep'), 'r').status).toBe(422);
    expect(toErrorResponse(new ConversionError('bad_request', 'no'), 'r').status).toBe(400);
  });

  it('sends WWW-Authenticate: Bearer with 401 and an ApiError its own headers', () => {
    expect(toErrorResponse(new ApiError('unauthorized', 'no key'), 'r').headers.get('www-authenticate')).toBe('Bearer');
    const limited = toErrorResponse(new ApiError('rate_limited', 'later', { headers: { 'Retry-After': '30' } }), 'r');
    expect([limited.status, limited.headers.get('retry-after')]).toStrictEqual([429, '30']);
  });
});

describe('withApi guards (served by a Next route)', () => {
  let uninstall: () => void;
  beforeAll(() => {
    uninstall = useServices();
  });
  afterAll(() => uninstall());

  it('run before the handler, set the input limit and add headers to success and error responses', async () => {
    const seen: number[] = [];
    const served = route(
      withApi(
        (_req, ctx) => {
          seen.push(ctx.maxInputBytes);
          if (ctx.planName === 'Free') throw new ApiError('rate_limited', 'spent', { headers: { 'Retry-After': '5' } });
          return jsonReply({ ok: true });
        },
        {
          guards: [
            (req, ctx) => {
              ctx.maxInputBytes = 1_000_000;
              ctx.responseHeaders['X-RateLimit-Limit'] = '100';
              if (req.headers.get('x-plan') === 'free') ctx.planName = 'Free';
            },
          ],
        },
      ),
    );
    const ok = await served(new Request('http://x/'));
    expect([ok.status, ok.headers.get('x-ratelimit-limit'), seen[0]]).toStrictEqual([200, '100', 1_000_000]);
    expect(ok.headers.get('x-request-id')).toMatch(/^req_/);
    const refused = await served(new Request('http://x/', { headers: { 'x-plan': 'free' } }));
    expect([refused.status, refused.headers.get('x-ratelimit-limit'), refused.headers.get('retry-after')]).toStrictEqual([429, '100', '5']);
    expect((await refused.json()).error.requestId).toBe(refused.headers.get('x-request-id'));
  });

  it('a throwing guard stops the request before the handler', async () => {
    let called = false;
    const served = route(
      withApi(
        () => {
          called = true;
          return jsonReply({});
        },
        {
          guards: [
            () => {
              throw new ApiError('unauthorized', 'Missing API key.');
            },
          ],
        },
      ),
    );
    const res = await served(new Request('http://x/'));
    expect([res.status, called, res.headers.get('www-authenticate')]).toStrictEqual([401, false, 'Bearer']);
  });
});

describe('readJsonBody', () => {
  const request = (body: BodyInit, headers: Record<string, string>) =>
    new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('refuses a declared length over 2 x limit + 1 MiB without reading', async () => {
    const body = new ReadableStream({
      pull: () => {
        throw new Error('must not be read');
      },
    });
    const err = await readJsonBody(request(body, { 'content-type': 'application/json', 'content-length': '4000000' }), 1_000_000, {
      gate: testServices().bodyGate,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('payload_too_large');
  });

  it('stops a stream at the cap', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const err = await readJsonBody(request(body, { 'content-type': 'application/json' }), 100_000, { gate: testServices().bodyGate }).catch((e) => e);
    expect(err.code).toBe('payload_too_large');
    // cap = 2 x 100,000 + 1 MiB = 1,248,576 bytes: 20 chunks of 64 KiB pass it.
    expect(pulled).toBeLessThanOrEqual(21);
  });

  it('parses a JSON object', async () => {
    expect(await readJsonBody(request('{"a":1}', { 'content-type': 'application/json' }), 10, { gate: testServices().bodyGate })).toStrictEqual({
      a: 1,
    });
  });
});

describe('warningsHeader', () => {
  it('escapes non-ASCII and shortens long lists', () => {
    expect(warningsHeader(['tag !ü "x"'])).toBe('["tag !\\u00fc \\"x\\""]');
    expect(JSON.parse(warningsHeader(['tag !ü']))).toStrictEqual(['tag !ü']);
    const long = warningsHeader(Array.from({ length: 1000 }, (_, i) => `warning number ${i}`));
    expect(long.length).toBeLessThan(4200);
    expect(JSON.parse(long).at(-1)).toMatch(/^\.\.\. and \d+ more warnings/);
  });
});
