// One shape for every API route, public or dashboard: a table path -> methods -> endpoint, built once at
// module load. A method a path does not serve answers 405 with `Allow` listing, in order, those it does.
// Paths name their parameters the way Next.js's folders do (`/api/dashboard/keys/[id]`); Next.js fills them.
import { methodNotAllowed } from './method-not-allowed';
import type { Endpoint } from './with-api';

export interface Route {
  /** The endpoint of each method served. */
  readonly methods: Readonly<Record<string, Endpoint>>;
  /** Every other method: 405 with `Allow`. */
  readonly notAllowed: Endpoint;
}

export function defineRoute(methods: Record<string, Endpoint>): Route {
  return { methods, notAllowed: methodNotAllowed(...Object.keys(methods)) };
}

/** The endpoint for a method: the route's own, or its 405. */
export function endpointFor(route: Route, method: string): Endpoint {
  return Object.hasOwn(route.methods, method) ? route.methods[method]! : route.notAllowed;
}
