// The public API's endpoints by path and method: the route files under app/api serve them through
// Next.js, and the server's node:http front (lib/http/front.ts) serves the very same functions
// without Next.js's per-request cost.
import 'server-only';
import { keyedGuards } from './guards';
import { handleConvert } from './handlers/convert';
import { handleHealth, handleLive } from './handlers/health';
import { handleOpenApi } from './handlers/openapi';
import { handleValidate } from './handlers/validate';
import { methodNotAllowed } from './method-not-allowed';
import { withApi, type Endpoint } from './with-api';

export interface PublicRoute {
  /** The endpoint of each method served. */
  readonly methods: Readonly<Record<string, Endpoint>>;
  /** Every other method: 405 with `Allow`. */
  readonly notAllowed: Endpoint;
}

function publicRoute(methods: Record<string, Endpoint>): PublicRoute {
  return { methods, notAllowed: methodNotAllowed(...Object.keys(methods)) };
}

export const PUBLIC_ROUTES = {
  '/api/convert': publicRoute({ POST: withApi(handleConvert, { guards: keyedGuards }) }),
  '/api/validate': publicRoute({ POST: withApi(handleValidate, { guards: keyedGuards }) }),
  '/api/health': publicRoute({ GET: withApi(handleHealth, { guards: keyedGuards }) }),
  '/api/health/live': publicRoute({ GET: withApi(handleLive) }),
  '/api/openapi.json': publicRoute({ GET: withApi(handleOpenApi) }),
} satisfies Record<string, PublicRoute>;

export type PublicPath = keyof typeof PUBLIC_ROUTES;
