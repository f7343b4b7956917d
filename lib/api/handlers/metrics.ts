// GET /api/metrics: the server's Prometheus metrics (lib/observability/metrics.ts) in the text format,
// for an operator's scraper. Not exposed by default: without METRICS_TOKEN the path answers 404 as if
// it did not exist; with it, only `Authorization: Bearer <METRICS_TOKEN>` is answered (else 401).
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors';
import type { ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

export async function handleMetrics(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const token = ctx.services.config.metricsToken;
  if (!token) throw new ApiError('not_found', 'There is nothing at this path.');
  const given = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (given === undefined || !sameSecret(given, token)) {
    throw new ApiError('unauthorized', 'The metrics need "Authorization: Bearer <METRICS_TOKEN>", the token the server was started with.');
  }
  const { contentType, text } = await ctx.services.metrics.scrape();
  return { status: 200, headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' }, body: text };
}

/** Compares in time independent of where they differ (digests: equal lengths whatever was sent). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
