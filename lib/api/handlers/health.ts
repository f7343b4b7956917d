// GET /api/health (keyed: version and uptime) and GET /api/health/live (no key, says nothing more).
import 'server-only';
import { config } from '../config';
import { jsonResponse } from '../json-response';
import type { HealthResponse } from '../schemas';

export function handleHealth(): Response {
  const body: HealthResponse = { status: 'healthy', version: config.version, uptime: Math.floor(process.uptime()) };
  return jsonResponse(body);
}

export function handleLive(): Response {
  return jsonResponse({ status: 'healthy' });
}
