// /docs' Limits and Retry-After sections (lib/api/docs-facts.ts) say what the code does: the
// refusals they describe, made by the code's own functions, carry the statuses, codes and
// Retry-After seconds the page states; plan sizes follow the server's configuration.
import { describe, expect, it } from 'vitest';
import { PLANS } from '@/lib/accounts/plans';
import { gateRefusal } from '@/lib/api/body-gate';
import { docsFacts } from '@/lib/api/docs-facts';
import { dependencyUnavailable, ERROR_STATUS, toErrorReply } from '@/lib/api/errors';
import { loadConfig } from '@/lib/config';

const facts = docsFacts(loadConfig({}));

function refusal(err: Parameters<typeof toErrorReply>[0]) {
  const reply = toErrorReply(err, 'req_test');
  return { status: reply.status, code: JSON.parse(reply.body as string).error.code, retryAfter: reply.headers['Retry-After'] };
}

describe('the facts /docs states', () => {
  it('give every plan its exact input size and body caps, lowered by MAX_INPUT_BYTES', () => {
    expect(facts.plans.map((p) => [p.name, p.maxInputBytes, p.jsonBodyBytes, p.rawBodyBytes])).toStrictEqual([
      ['Free', PLANS.free.maxInputBytes, 2 * PLANS.free.maxInputBytes + 1_048_576, PLANS.free.maxInputBytes],
      ['Pro', PLANS.pro.maxInputBytes, 2 * PLANS.pro.maxInputBytes + 1_048_576, PLANS.pro.maxInputBytes],
      ['Enterprise', PLANS.enterprise.maxInputBytes, 2 * PLANS.enterprise.maxInputBytes + 1_048_576, PLANS.enterprise.maxInputBytes],
    ]);
    const small = docsFacts(loadConfig({ MAX_INPUT_BYTES: '5000000' }));
    expect(small.plans.map((p) => p.maxInputBytes)).toStrictEqual([PLANS.free.maxInputBytes, 5_000_000, 5_000_000]);
    expect(docsFacts(loadConfig({ MAX_LARGE_BODIES_PER_ACCOUNT: '7' })).largeBodiesPerAccount).toBe(7);
    expect(docsFacts(loadConfig({ MAX_UPLOADS_PER_ACCOUNT: '9' })).uploadsPerAccount).toBe(9);
    expect(docsFacts(loadConfig({ HTTP_MAX_CONNECTIONS: '50' })).uploadsPerAccount).toBe(5);
  });

  it('give every plan its time of one conversion in a worker, capped by CONVERSION_TIMEOUT_MS', () => {
    expect(facts.plans.map((p) => [p.name, p.conversionTimeoutMs])).toStrictEqual([
      ['Free', PLANS.free.conversionTimeoutMs],
      ['Pro', PLANS.pro.conversionTimeoutMs],
      ['Enterprise', PLANS.enterprise.conversionTimeoutMs],
    ]);
    const capped = docsFacts(loadConfig({ CONVERSION_TIMEOUT_MS: '20000' }));
    expect(capped.plans.map((p) => p.conversionTimeoutMs)).toStrictEqual([PLANS.free.conversionTimeoutMs, 20_000, 20_000]);
  });

  it('list Retry-After cases whose status, code and seconds are those the code sends', () => {
    for (const c of facts.retryAfter) expect(ERROR_STATUS[c.code as keyof typeof ERROR_STATUS], c.when).toBe(c.status);
    const [quota, accountBodies, accountUploads, , , serverBodies, dependency] = facts.retryAfter;
    expect(quota).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refusal(gateRefusal({ refused: 'account', held: facts.largeBodiesPerAccount }))).toStrictEqual({
      status: accountBodies!.status,
      code: accountBodies!.code,
      retryAfter: accountBodies!.seconds,
    });
    expect(refusal(gateRefusal({ refused: 'uploads', held: facts.uploadsPerAccount }))).toStrictEqual({
      status: accountUploads!.status,
      code: accountUploads!.code,
      retryAfter: accountUploads!.seconds,
    });
    expect(refusal(gateRefusal({ refused: 'server', held: facts.largeBodies }))).toStrictEqual({
      status: serverBodies!.status,
      code: serverBodies!.code,
      retryAfter: serverBodies!.seconds,
    });
    expect(refusal(dependencyUnavailable(['database']))).toStrictEqual({
      status: dependency!.status,
      code: dependency!.code,
      retryAfter: dependency!.seconds,
    });
  });
});
