// The server runs two copies of lib/ (its own bundle's and Next.js's): a refusal thrown by a service
// of the server's copy (billing, a conversion on the request thread) is another copy's class where
// Next's toErrorReply catches it. It is answered by its fields, as an error of this copy would be.
import { describe, expect, it, vi } from 'vitest';
import { toErrorReply } from '@/lib/api/errors';

async function otherCopy(): Promise<typeof import('@/lib/errors/api-error')> {
  vi.resetModules();
  return import('@/lib/errors/api-error');
}

describe('an ApiError from another copy of the modules', () => {
  it('is answered with its own code, status, message and headers, not as a 500', async () => {
    const foreign = await otherCopy();
    const err = new foreign.ApiError('rate_limited', 'Slow down.', { headers: { 'Retry-After': '7' } });
    const reply = toErrorReply(err, 'req_test');
    expect(reply.status).toBe(429);
    expect(reply.headers['Retry-After']).toBe('7');
    expect(JSON.parse(reply.body as string)).toEqual({
      success: false,
      error: { code: 'rate_limited', message: 'Slow down.', requestId: 'req_test' },
    });
  });

  it('keeps the positioned details of an invalid input', async () => {
    const foreign = await otherCopy();
    const details = [{ message: 'Bad.', line: 1, column: 2, code: 'BAD_INDENT' as const }];
    const reply = toErrorReply(new foreign.ApiError('invalid_input', 'Invalid.', { details }), 'req_test');
    expect(reply.status).toBe(422);
    expect(JSON.parse(reply.body as string).error.details).toEqual(details);
  });
});

describe('a ConversionError from another copy of the converter', () => {
  it('is answered with its code, status, message and details, not as a 500', async () => {
    vi.resetModules();
    const foreign = await import('@/lib/converter/errors');
    const details = [{ message: 'Duplicate key.', line: 2, column: 1, code: 'DUPLICATE_KEY' as const }];
    const reply = toErrorReply(new foreign.ConversionError('invalid_input', 'The input could not be parsed.', details), 'req_test');
    expect(reply.status).toBe(422);
    expect(JSON.parse(reply.body as string)).toEqual({
      success: false,
      error: { code: 'invalid_input', message: 'The input could not be parsed.', requestId: 'req_test', details },
    });
  });
});
