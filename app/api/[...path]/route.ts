// ANY /api/<a path no other route serves> - 404 not_found in the API's error body
import { nextNoSuchPath } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextNoSuchPath();
