// POST /api/convert - converts YAML <-> JSON (JSON body, or raw mode with ?from=&to= and the document as the body)
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/convert');
