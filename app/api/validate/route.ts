// POST /api/validate - checks a YAML, JSON or JSONC document and lists every positioned error
// (The server's node:http front answers this path itself with the same endpoint; this file serves it under `next dev`.)
import { route } from '@/lib/api/next-route';
import { PUBLIC_ROUTES } from '@/lib/api/public-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const { methods, notAllowed } = PUBLIC_ROUTES['/api/validate'];
export const POST = route(methods.POST!);

const refuse = route(notAllowed);
export { refuse as GET, refuse as PUT, refuse as PATCH, refuse as DELETE };
