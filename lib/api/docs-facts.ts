// Every number /docs states about limits and Retry-After, taken from the constants the code enforces
// and from the running server's configuration: nothing retyped, so the page cannot drift from them.
import 'server-only';
import { PLAN_LIST } from '@/lib/accounts/plans';
import type { Config } from '@/lib/config';
import { ALIAS_EXPANSION_FLOOR, CHARS_PER_NODE, MAX_DEPTH, MAX_ERRORS, MAX_IMPLICIT_KEY, MAX_INTEGER_DIGITS } from '@/lib/converter/limits';
import { MAX_SCHEMA_CHARS, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from '@/lib/schema/limits';
import type { DocsFacts } from '@/lib/web/docs-facts-view';
import { serverLimits } from '@/lib/http/server-limits';
import { LARGE_BODY_BYTES, LARGE_BODY_RETRY_AFTER_SECONDS, uploadsPerAccount } from './body-gate';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from './errors';
import { jsonBodyCap } from './read-body';
import {
  IN_PROCESS_DEADLINE_MS,
  MAX_QUEUED,
  MAX_QUEUED_PER_ACCOUNT,
  OVERDUE_MEMORY_MS,
  RETRY_AFTER_SECONDS,
  WORKER_FROM_BYTES,
} from './run-converter';

export function docsFacts(config: Config): DocsFacts {
  const largeBodies = config.largeBodies;
  const uploads = uploadsPerAccount(config.uploadsPerAccount, serverLimits(config.http).maxConnections);
  return {
    plans: PLAN_LIST.map((plan) => {
      const maxInputBytes = Math.min(plan.maxInputBytes, config.maxInputBytes);
      return {
        name: plan.name,
        requestsPerHour: plan.requestsPerHour,
        maxInputBytes,
        jsonBodyBytes: jsonBodyCap(maxInputBytes),
        rawBodyBytes: maxInputBytes,
        conversionTimeoutMs: Math.min(plan.conversionTimeoutMs, config.conversionTimeoutMs),
      };
    }),
    maxDepth: MAX_DEPTH,
    aliasBudgetFloor: ALIAS_EXPANSION_FLOOR,
    charsPerNode: CHARS_PER_NODE,
    maxErrors: MAX_ERRORS,
    maxIntegerDigits: MAX_INTEGER_DIGITS,
    maxImplicitKey: MAX_IMPLICIT_KEY,
    inProcessBytes: WORKER_FROM_BYTES,
    inProcessDeadlineMs: IN_PROCESS_DEADLINE_MS,
    overdueMs: OVERDUE_MEMORY_MS,
    conversionTimeoutMs: config.conversionTimeoutMs,
    conversionMemoryMb: config.conversionMemoryMb,
    largeBodyBytes: LARGE_BODY_BYTES,
    largeBodiesPerAccount: largeBodies.perAccount,
    largeBodies: largeBodies.total,
    uploadsPerAccount: uploads,
    queuedPerAccount: MAX_QUEUED_PER_ACCOUNT,
    queued: MAX_QUEUED,
    dependencyTimeoutMs: { database: config.databaseTimeoutMs, redis: config.redisTimeoutMs },
    schema: { maxChars: MAX_SCHEMA_CHARS, maxDepth: MAX_SCHEMA_DEPTH, maxNodes: MAX_SCHEMA_NODES },
    retryAfter: [
      {
        status: 429,
        code: 'rate_limited',
        when: "The account's hourly quota is spent (every keyed endpoint).",
        seconds: 'until the hour ends (at least 1), as `X-RateLimit-Reset` says',
      },
      {
        status: 429,
        code: 'rate_limited',
        when: `Convert, validate, format: the account already sends ${largeBodies.perAccount} bodies over ${LARGE_BODY_BYTES.toLocaleString('en-US')} bytes at once.`,
        seconds: String(LARGE_BODY_RETRY_AFTER_SECONDS),
      },
      {
        status: 429,
        code: 'rate_limited',
        when: `Any endpoint with a body: the account already sends ${uploads} request bodies at once, of any size.`,
        seconds: String(LARGE_BODY_RETRY_AFTER_SECONDS),
      },
      {
        status: 429,
        code: 'rate_limited',
        when: `The account already has ${MAX_QUEUED_PER_ACCOUNT} conversions waiting for a worker.`,
        seconds: String(RETRY_AFTER_SECONDS),
      },
      {
        status: 503,
        code: 'unavailable',
        when: `The conversion queue is full (${MAX_QUEUED} waiting, all accounts together).`,
        seconds: String(RETRY_AFTER_SECONDS),
      },
      {
        status: 503,
        code: 'unavailable',
        when: `The server already receives ${largeBodies.total} bodies over ${LARGE_BODY_BYTES.toLocaleString('en-US')} bytes at once.`,
        seconds: String(LARGE_BODY_RETRY_AFTER_SECONDS),
      },
      {
        status: 503,
        code: 'unavailable',
        when: 'The database or Redis did not answer within its deadline (`error.dependencies` names it), on any endpoint.',
        seconds: String(DEPENDENCY_RETRY_AFTER_SECONDS),
      },
    ],
  };
}
