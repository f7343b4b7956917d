// GET /api/health (keyed: version and uptime), GET /api/health/live (no key, says nothing more: the
// process answers) and GET /api/health/ready (no key: the dependencies answer, for load balancers).
import 'server-only';
import { describeFailure, type Dependency } from '@/lib/dependencies';
import { dependencyUnavailable } from '../errors';
import { jsonReply, type ApiReply } from '../reply';
import type { HealthResponse, ReadyResponse } from '../schemas';
import type { ApiContext, ApiRequest } from '../with-api';

/**
 * The guards may have answered from memory (the embedded database's key cache and quota counts),
 * so both dependencies are asked here, at once, each within its deadline; a 503 names those that
 * did not answer.
 */
export async function handleHealth(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  await checkDependencies(ctx);
  const body: HealthResponse = { status: 'healthy', version: ctx.services.config.version, uptime: Math.floor(process.uptime()) };
  return jsonReply(body);
}

export function handleLive(): ApiReply {
  return jsonReply({ status: 'healthy' });
}

/**
 * Readiness: the database, and Redis when one is configured, each answer a trivial command within
 * its deadline (DATABASE_TIMEOUT_MS, REDIS_TIMEOUT_MS); else 503 `unavailable` naming those that did
 * not. No key and no quota: a load balancer may ask every few seconds.
 */
export async function handleReady(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const checked = await checkDependencies(ctx);
  const body: ReadyResponse = { status: 'ready', checked };
  return jsonReply(body);
}

/** Asks every configured dependency at once; throws the 503 naming those that failed, or returns those asked. */
async function checkDependencies(ctx: ApiContext): Promise<Dependency[]> {
  const { db, config } = ctx.services;
  const checks: Array<[Dependency, () => Promise<unknown>]> = [['database', () => db.$queryRaw`SELECT 1`]];
  // Only when configured: reading `redis` otherwise would make the account services for nothing.
  if (config.redis) {
    const redis = ctx.services.redis;
    if (redis) checks.push(['redis', () => redis.ping()]);
  }
  const results = await Promise.all(
    checks.map(([dependency, check]) =>
      check().then(
        () => null,
        (err: unknown) => {
          ctx.services.log.warn({ requestId: ctx.requestId, dependency, detail: describeFailure(err) }, 'health check: dependency unavailable');
          return dependency;
        },
      ),
    ),
  );
  const down = results.filter((d): d is Dependency => d !== null);
  if (down.length > 0) throw dependencyUnavailable(down);
  return checks.map(([dependency]) => dependency);
}
