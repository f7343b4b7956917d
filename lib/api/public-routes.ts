// The public API's endpoints by path and method: the route files under app/api serve them through
// Next.js, and the server's node:http front (lib/http/front.ts) serves the very same functions
// without Next.js's per-request cost (ARCHITECTURE.md, "Why a front").
import 'server-only';
import { keyedGuards } from './guards';
import { handleConvert } from './handlers/convert';
import { handleFormat } from './handlers/format';
import { handleHealth, handleLive, handleReady } from './handlers/health';
import { handleMetrics } from './handlers/metrics';
import { handleOpenApi, handleOpenApiYaml } from './handlers/openapi';
import { handleSchema, handleSchemaList } from './handlers/schemas';
import { handleValidate } from './handlers/validate';
import { defineRoute, type Route } from './route-table';
import { withApi } from './with-api';

export const PUBLIC_ROUTES = {
  '/api/convert': defineRoute({ POST: withApi(handleConvert, { guards: keyedGuards }) }),
  '/api/validate': defineRoute({ POST: withApi(handleValidate, { guards: keyedGuards }) }),
  '/api/format': defineRoute({ POST: withApi(handleFormat, { guards: keyedGuards }) }),
  '/api/health': defineRoute({ GET: withApi(handleHealth, { guards: keyedGuards }) }),
  '/api/health/live': defineRoute({ GET: withApi(handleLive) }),
  '/api/health/ready': defineRoute({ GET: withApi(handleReady) }),
  '/api/metrics': defineRoute({ GET: withApi(handleMetrics) }),
  '/api/openapi.json': defineRoute({ GET: withApi(handleOpenApi) }),
  '/api/openapi.yaml': defineRoute({ GET: withApi(handleOpenApiYaml) }),
  '/api/schemas': defineRoute({ GET: withApi(handleSchemaList) }),
  '/api/schemas/[id]': defineRoute({ GET: withApi(handleSchema) }),
} satisfies Record<string, Route>;

export type PublicPath = keyof typeof PUBLIC_ROUTES;

/**
 * The route of a public path and its parameters: an exact path, or one whose last segment fills a
 * table path's `[name]` (`/api/schemas/tsconfig` -> `/api/schemas/[id]`, `{ id: 'tsconfig' }`). A
 * segment that does not percent-decode, or decodes to a `/`, matches nothing.
 */
export function findPublicRoute(path: string): { path: PublicPath; params?: Record<string, string> } | null {
  if (Object.hasOwn(PUBLIC_ROUTES, path)) return { path: path as PublicPath };
  const slash = path.lastIndexOf('/');
  const pattern = `${path.slice(0, slash)}/[id]`;
  if (slash <= 0 || !Object.hasOwn(PUBLIC_ROUTES, pattern)) return null;
  let id: string;
  try {
    id = decodeURIComponent(path.slice(slash + 1));
  } catch {
    return null;
  }
  if (id === '' || id.includes('/')) return null;
  return { path: pattern as PublicPath, params: { id } };
}
