// Any /api/ path no route serves: the contract's error body with 404 not_found and the API's headers
// (withApi), rather than Next.js's HTML page, so an API client reads the same shape as every other error.
import 'server-only';
import { ApiError } from '../errors';
import type { ApiReply } from '../reply';
import type { ApiRequest } from '../with-api';

/** How much of the path the message repeats. */
const SHOWN_PATH_CHARS = 200;

export function handleNoSuchPath(request: ApiRequest): ApiReply {
  const path = new URL(request.url).pathname;
  const shown = path.length > SHOWN_PATH_CHARS ? `${path.slice(0, SHOWN_PATH_CHARS)}…` : path;
  throw new ApiError('not_found', `There is no API endpoint at ${shown}. The endpoints are listed at /docs and in /api/openapi.json.`);
}
