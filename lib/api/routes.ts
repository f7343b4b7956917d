// Every API route the app serves through Next.js, by path: the public table (also served by the node:http front)
// and the dashboard's. A route file is then one line: `export const { GET, POST, PUT, PATCH, DELETE } =
// nextRoutes('/api/convert');` (the methods a path does not serve answer 405 from the table). Under `npm start`
// the front answers the public paths before Next.js sees them; their route files serve them under `next dev` and
// with YAMLJSON_API_FRONT=off (ARCHITECTURE.md says why).
import 'server-only';
import { DASHBOARD_ROUTES } from './dashboard-routes';
import { handleNoSuchPath } from './handlers/no-such-path';
import { type NextRouteHandler, route } from './next-route';
import { PUBLIC_ROUTES } from './public-routes';
import { endpointFor } from './route-table';
import { withApi } from './with-api';

export const API_ROUTES = { ...PUBLIC_ROUTES, ...DASHBOARD_ROUTES };

export type ApiPath = keyof typeof API_ROUTES;

/** The five methods a route file exports (Next.js answers HEAD from GET, and OPTIONS, itself). */
const ROUTE_FILE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type RouteFileHandlers = Record<(typeof ROUTE_FILE_METHODS)[number], NextRouteHandler>;

export function nextRoutes(path: ApiPath): RouteFileHandlers {
  const table = API_ROUTES[path];
  const handlers = {} as RouteFileHandlers;
  for (const method of ROUTE_FILE_METHODS) handlers[method] = route(endpointFor(table, method), path);
  return handlers;
}

/** The route file of every /api/ path no other file serves (app/api/[...path]): 404 not_found for any method. */
export function nextNoSuchPath(): RouteFileHandlers {
  const endpoint = withApi(handleNoSuchPath);
  const handlers = {} as RouteFileHandlers;
  for (const method of ROUTE_FILE_METHODS) handlers[method] = route(endpoint, '/api/[...path]');
  return handlers;
}
