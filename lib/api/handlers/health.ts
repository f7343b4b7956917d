// GET /api/health (keyed: version and uptime) and GET /api/health/live (no key, says nothing more).
import 'server-only';
import { accountsRuntime } from '../accounts-runtime';
import { config } from '../config';
import { ApiError } from '../errors';
import { jsonReply, type ApiReply } from '../reply';
import type { HealthResponse } from '../schemas';
import type { ApiContext, ApiRequest } from '../with-api';

/**
 * The key guard has already reached the database; when Redis counts quotas the quota guard has
 * reached it too. A Redis that stopped answering since is reported here as well: 503.
 */
export async function handleHealth(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const redis = accountsRuntime().redis;
  if (redis) {
    try {
      await Promise.race([
        redis.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 2 s')), 2000).unref()),
      ]);
    } catch (err) {
      console.error(`[${ctx.requestId}] health: Redis unavailable:`, err);
      throw new ApiError('unavailable', 'Redis (the quota store) is not answering.', { headers: { 'Retry-After': '5' } });
    }
  }
  const body: HealthResponse = { status: 'healthy', version: config.version, uptime: Math.floor(process.uptime()) };
  return jsonReply(body);
}

export function handleLive(): ApiReply {
  return jsonReply({ status: 'healthy' });
}
