// The guards in front of every keyed endpoint (convert, validate, health): the API key, then the
// account's hourly quota and input limit.
import 'server-only';
import { PLANS } from '@/lib/accounts/plans';
import { ApiError } from './errors';
import { requireSession } from './session-guards';
import type { ApiGuard } from './with-api';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/** toErrorReply adds `WWW-Authenticate: Bearer` to every 401. */
const unauthorized = (message: string) => new ApiError('unauthorized', message);

export const requireApiKey: ApiGuard = async (request, ctx) => {
  const header = request.headers.get('authorization');
  if (!header) {
    throw unauthorized('This endpoint needs an API key: send "Authorization: Bearer <key>". Create keys in the dashboard.');
  }
  const match = BEARER.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <key>".');
  // A database or Redis that does not answer (within its deadline) throws: toErrorReply makes it a
  // 503, never a 500 or a free pass.
  const owner = await ctx.services.findKeyOwner(match[1]!);
  if (!owner) throw unauthorized('This API key is not valid: it is unknown, expired or was revoked.');
  ctx.account = owner;
  void ctx.services.keyLastUse.touch(owner.keyId);
};

export const enforceQuota: ApiGuard = async (_request, ctx) => {
  const account = ctx.account;
  if (!account) throw new Error('enforceQuota runs after requireApiKey');
  const plan = PLANS[account.plan];
  const decision = await ctx.services.quota.consume(account.userId, account.plan);
  if (decision.limit !== null) {
    ctx.responseHeaders['X-RateLimit-Limit'] = String(decision.limit);
    ctx.responseHeaders['X-RateLimit-Remaining'] = String(decision.remaining);
    ctx.responseHeaders['X-RateLimit-Reset'] = String(decision.resetSeconds);
  }
  if (!decision.allowed) {
    // Only here: other 429s (an account's large bodies or queued conversions) are not quota denials.
    ctx.services.metrics.quotaDenials.inc({ plan: account.plan });
    const retryAfter = Math.max(1, decision.resetSeconds - Math.floor(Date.now() / 1000));
    throw new ApiError(
      'rate_limited',
      `The ${plan.name} plan allows ${decision.limit!.toLocaleString('en-US')} requests per hour and this hour's are used; the quota resets at ${new Date(decision.resetSeconds * 1000).toISOString()}.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
  if (plan.maxInputBytes <= ctx.maxInputBytes) {
    ctx.maxInputBytes = plan.maxInputBytes;
    ctx.planName = plan.name;
  }
};

/**
 * Run in order before the handler. A guard may throw an ApiError (401, 429, ...), lower
 * `ctx.maxInputBytes` and set `ctx.planName` for the account's plan, and add headers to
 * `ctx.responseHeaders` (X-RateLimit-*), which every response then carries, errors included.
 */
export const keyedGuards: readonly ApiGuard[] = [requireApiKey, enforceQuota];

/**
 * The dashboard's reads that scripts use (usage, request log): a request with `Authorization: Bearer <key>` is
 * the key's account, checked and counted like any keyed call (401, 429, X-RateLimit-*); otherwise the session.
 */
export const requireSessionOrApiKey: ApiGuard = async (request, ctx) => {
  if (request.headers.get('authorization') === null) return requireSession(request, ctx);
  for (const guard of keyedGuards) await guard(request, ctx);
};
