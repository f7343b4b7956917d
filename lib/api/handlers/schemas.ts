// GET /api/schemas - lists the built-in schema catalog; GET /api/schemas/{id} - one schema of it.
// No key: the catalog is public (SchemaStore's, Apache-2.0), and the playground reads it. Both are
// fixed for a deployment, so they are cacheable: an ETag (the catalog's, or the schema's own) and
// `Cache-Control: public`; a request whose If-None-Match names the current ETag gets 304, no body.
import 'server-only';
import { createHash } from 'node:crypto';
import { type BundledCatalog, bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { ApiError } from '../errors';
import type { ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

/** A day: the catalog changes only with a deployment, and the ETag makes a stale copy cheap to refresh. */
const CACHE_CONTROL = 'public, max-age=86400';

let listing: { catalog: BundledCatalog; body: string; etag: string } | null = null;

/** The list's body and its ETag, made once: the catalog does not change while the server runs. */
function catalogListing(catalog: BundledCatalog): { body: string; etag: string } {
  if (listing?.catalog !== catalog) {
    const { source, entries, external, files } = catalog.index;
    const body = JSON.stringify({ source, schemas: entries, external, files: Object.keys(files) });
    listing = { catalog, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  }
  return listing;
}

function cacheable(request: ApiRequest, etag: string, contentType: string, body: string): ApiReply {
  const headers = { 'Content-Type': contentType, 'Cache-Control': CACHE_CONTROL, ETag: etag };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return { status: 304, headers, body: '' };
  return { status: 200, headers, body };
}

/** If-None-Match: `*`, or a list of ETags (weak ones compared by their value, as RFC 9110 says for GET). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function handleSchemaList(request: ApiRequest): ApiReply {
  const { body, etag } = catalogListing(bundledCatalog());
  return cacheable(request, etag, 'application/json', body);
}

export function handleSchema(request: ApiRequest, ctx: ApiContext): ApiReply {
  const catalog = bundledCatalog();
  const id = ctx.params.id ?? '';
  const place = Object.hasOwn(catalog.index.files, id) ? catalog.index.files[id] : undefined;
  const text = place === undefined ? undefined : catalog.text(id);
  if (place === undefined || text === undefined) {
    throw new ApiError('not_found', `No catalog schema has the id ${JSON.stringify(id.slice(0, 200))}; GET /api/schemas lists them.`);
  }
  return cacheable(request, `"${place[3]}"`, 'application/schema+json', text);
}
