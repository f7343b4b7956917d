// GET /api/health (keyed: version and uptime) and GET /api/health/live (no key, says nothing more).
import 'server-only';
import { describeFailure, type Dependency } from '@/lib/dependencies';
import { dependencyUnavailable } from '../errors';
import { jsonReply, type ApiReply } from '../reply';
import type { HealthResponse } from '../schemas';
import type { ApiContext, ApiRequest } from '../with-api';

/**
 * The guards may have answered from memory (the embedded database's key cache and quota counts),
 * so both dependencies are asked here, at once, each within its deadline; a 503 names those that
 * did not answer.
 */
export async function handleHealth(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { db, redis, config } = ctx.services;
  const checks: Array<[Dependency, () => Promise<unknown>]> = [['database', () => db.$queryRaw`SELECT 1`]];
  if (redis) checks.push(['redis', () => redis.ping()]);
  const results = await Promise.all(
    checks.map(([dependency, check]) =>
      check().then(
        () => null,
        (err: unknown) => {
          console.error(`[${ctx.requestId}] health: ${dependency} unavailable: ${describeFailure(err)}`);
          return dependency;
        },
      ),
    ),
  );
  const down = results.filter((d): d is Dependency => d !== null);
  if (down.length > 0) throw dependencyUnavailable(down);
  const body: HealthResponse = { status: 'healthy', version: config.version, uptime: Math.floor(process.uptime()) };
  return jsonReply(body);
}

export function handleLive(): ApiReply {
  return jsonReply({ status: 'healthy' });
}
