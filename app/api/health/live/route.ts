// GET /api/health/live - liveness for load balancers: {"status":"healthy"}, no key, nothing more
// (The server's node:http front answers this path itself with the same endpoint; this file serves it under `next dev`.)
import { route } from '@/lib/api/next-route';
import { PUBLIC_ROUTES } from '@/lib/api/public-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const { methods, notAllowed } = PUBLIC_ROUTES['/api/health/live'];
export const GET = route(methods.GET!);

const refuse = route(notAllowed);
export { refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
