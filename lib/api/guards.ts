// The guards that run in front of every keyed endpoint (convert, validate, health); empty until API keys and quotas land.
import type { ApiGuard } from './with-api';

/**
 * Run in order before the handler. A guard may throw an ApiError (401, 429, ...), lower
 * `ctx.maxInputBytes` and set `ctx.planName` for the account's plan, and add headers to
 * `ctx.responseHeaders` (X-RateLimit-*), which every response then carries, errors included.
 */
export const keyedGuards: readonly ApiGuard[] = [];
