// The services object is built by scripts/serve.ts's copy of lib/ and used by the front's and Next's
// copies: an ApiError thrown inside a service is another copy's class where toErrorReply catches it.
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
