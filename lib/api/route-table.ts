// One shape for every API route, public or dashboard: a table path -> methods -> endpoint, built once at
// module load. A method a path does not serve answers 405 with `Allow` listing, in order, those it does.
// Paths name their parameters the way Next.js's folders do (`/api/dashboard/keys/[id]`).
import { methodNotAllowed } from './method-not-allowed';
import type { Endpoint, RouteParams } from './with-api';

export interface Route {
  /** The endpoint of each method served. */
  readonly methods: Readonly<Record<string, Endpoint>>;
  /** Every other method: 405 with `Allow`. */
  readonly notAllowed: Endpoint;
}

export type RouteTable = Readonly<Record<string, Route>>;

export function defineRoute(methods: Record<string, Endpoint>): Route {
  return { methods, notAllowed: methodNotAllowed(...Object.keys(methods)) };
}

/** The endpoint for a method: the route's own, or its 405. */
export function endpointFor(route: Route, method: string): Endpoint {
  return Object.hasOwn(route.methods, method) ? route.methods[method]! : route.notAllowed;
}

export interface RouteMatch {
  readonly route: Route;
  readonly params: RouteParams;
}

const PARAM_SEGMENT = /^\[(\w+)\]$/;

/**
 * Finds the route of a request path (no query) in a table and fills the path's parameters: exact paths by one
 * map lookup, then the paths with `[name]` segments, each matching one non-empty path segment, percent-decoded as
 * Next.js decodes its params (a segment that does not decode matches nothing).
 */
export function routeMatcher(table: RouteTable): (path: string) => RouteMatch | null {
  const exact = new Map<string, RouteMatch>();
  const patterns: Array<{ segments: string[]; route: Route }> = [];
  for (const [path, route] of Object.entries(table)) {
    const segments = path.split('/');
    if (segments.some((s) => PARAM_SEGMENT.test(s))) patterns.push({ segments, route });
    else exact.set(path, { route, params: Object.freeze({}) });
  }
  return (path) => {
    const found = exact.get(path);
    if (found || patterns.length === 0) return found ?? null;
    const parts = path.split('/');
    for (const { segments, route } of patterns) {
      const params = matchSegments(segments, parts);
      if (params) return { route, params };
    }
    return null;
  };
}

function matchSegments(segments: readonly string[], parts: readonly string[]): RouteParams | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const name = PARAM_SEGMENT.exec(segments[i]!)?.[1];
    if (name === undefined) {
      if (segments[i] !== parts[i]) return null;
    } else {
      const value = decodeSegment(parts[i]!);
      if (!value) return null;
      params[name] = value;
    }
  }
  return params;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
